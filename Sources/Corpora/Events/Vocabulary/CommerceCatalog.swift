import DeflateBenchSupport

/// The fictional shop ("Shoply") whose app and web site the analytics profiles record: screens,
/// events, a product catalogue and search terms. Product details are drawn once per corpus from
/// the seed, so a product keeps its name and price across every event that mentions it.
struct Product: Sendable {
  var id, name, brand, category: String
  var priceCents: Int
}

enum CommerceCatalog {
  static let appName = "Shoply"
  static let appNamespace = "com.shoply.app"
  static let webHost = "https://www.shoply.com"

  /// App versions in adoption order, with build numbers.
  static let appVersions = ZipfVocabulary(
    [
      ("5.12.0", "5120"), ("5.11.2", "5112"), ("5.12.1", "5121"), ("5.11.0", "5110"), ("5.10.4", "5104"),
      ("5.9.1", "5091"), ("5.8.0", "5080"),
    ], flatten: 1)

  /// Analytics event names in frequency order.
  static let eventNames = ZipfVocabulary(
    [
      "Screen Viewed", "Product Viewed", "Button Tapped", "Products Searched", "Product List Viewed",
      "Product Added", "Cart Viewed", "App Backgrounded", "Promotion Viewed", "Checkout Started",
      "Product Removed", "Product Added to Wishlist", "Notification Opened", "Order Completed",
      "Payment Info Entered", "Coupon Applied", "Signed In", "Product Shared", "Review Submitted", "Signed Up",
      "Error Shown",
    ], flatten: 1)

  static let screens = ZipfVocabulary(
    [
      "Home", "Product Detail", "Search Results", "Category", "Cart", "Checkout", "Account", "Deals",
      "Order History", "Wishlist", "Notifications", "Settings", "Order Confirmation", "Payment Methods",
      "Addresses", "Onboarding",
    ], flatten: 1)

  static let buttons = ZipfVocabulary(
    [
      "add_to_cart", "search", "product_card", "filter", "back", "checkout", "sort", "close", "view_all",
      "buy_now", "apply_coupon", "continue", "menu", "share", "save_for_later", "sign_in",
    ])

  static let categories: [(String, [String])] = [
    ("Electronics", ["Headphones", "Charger", "Bluetooth Speaker", "Smartwatch", "Keyboard", "USB-C Hub"]),
    ("Home & Kitchen", ["Air Fryer", "Coffee Maker", "Knife Set", "Blender", "Desk Lamp", "Storage Bins"]),
    ("Fashion", ["Running Shoes", "Hoodie", "Denim Jacket", "Backpack", "Sunglasses", "T-Shirt"]),
    ("Beauty", ["Face Serum", "Moisturizer", "Shampoo", "Sunscreen SPF 50", "Lip Balm"]),
    ("Sports & Outdoors", ["Yoga Mat", "Water Bottle", "Dumbbell Set", "Camping Tent", "Cycling Gloves"]),
    ("Toys & Games", ["Building Blocks", "Jigsaw Puzzle", "Board Game", "Plush Bear"]),
    ("Grocery", ["Coffee Beans", "Green Tea", "Protein Bars", "Olive Oil"]),
    ("Pet Supplies", ["Dog Bed", "Cat Tree", "Pet Carrier", "Chew Toys"]),
  ]

  static let brands = [
    "Acme", "Northwind", "Contoso", "Fabrikam", "Globex", "Initech", "Hooli", "Vandelay", "Umbrella", "Wonka",
    "Aperture", "Soylent",
  ]

  static let adjectives = [
    "Wireless", "Portable", "Organic", "Ultra", "Classic", "Smart", "Compact", "Premium", "Eco", "Pro", "Mini",
    "Deluxe", "Essential", "Lightweight", "Ergonomic", "Heavy-Duty",
  ]

  static let searchSuffixes = ["", "", "", " sale", " black", " for men", " for women", " kids", " 2 pack", " cheap"]

  static let coupons = ZipfVocabulary(["WELCOME10", "SUMMER24", "FREESHIP", "SAVE20", "VIP15", "FLASH30"])

  static let paymentMethods = ZipfVocabulary(["apple_pay", "card", "google_pay", "paypal", "klarna"])

  static let shippingMethods = ZipfVocabulary(["standard", "express", "pickup", "next_day"])

  static let firstNames = [
    "James", "Mary", "Liam", "Olivia", "Noah", "Emma", "Lucas", "Sofia", "Mateo", "Mia", "Hiro", "Yuki", "Aarav",
    "Priya", "Lukas", "Hannah", "Chloe", "Jack", "Ana", "Diego", "Fatima", "Omar", "Elena", "Ivan",
  ]
  static let lastNames = [
    "Smith", "Johnson", "Garcia", "Muller", "Silva", "Tanaka", "Patel", "Kim", "Brown", "Martin", "Rossi",
    "Nguyen", "Kowalski", "Jensen", "Lopez", "Schmidt", "Dubois", "Santos", "Singh", "Wilson",
  ]
  static let emailDomains = ZipfVocabulary(
    ["gmail.com", "yahoo.com", "outlook.com", "icloud.com", "hotmail.com", "proton.me", "gmx.de", "aol.com"])

  static let plans = ZipfVocabulary(["free", "plus", "premium"])

  /// A catalogue of `count` products, the same for a given generator state.
  static func makeProducts(count: Int, rng: inout Xoshiro256StarStar) -> [Product] {
    (0..<count).map { index in
      let (category, nouns) = categories[rng.index(categories.count)]
      let noun = rng.pick(nouns)
      let brand = rng.pick(brands)
      let name = rng.chance(70) ? "\(brand) \(rng.pick(adjectives)) \(noun)" : "\(brand) \(noun)"
      // Prices cluster at .99 and .49 endings, as shops price.
      let whole = rng.int(in: 4...180)
      let cents = rng.pick([99, 99, 99, 49, 0, 95])
      return Product(
        id: "SKU-\(10000 + index * 7 + rng.int(in: 0...6))", name: name, brand: brand, category: category,
        priceCents: whole * 100 + cents)
    }
  }

  /// Search terms people type, lowercase, drawn from product nouns with common modifiers.
  static func makeSearchTerms(count: Int, rng: inout Xoshiro256StarStar) -> [String] {
    (0..<count).map { _ in
      let (_, nouns) = categories[rng.index(categories.count)]
      var term = rng.pick(nouns).lowercased()
      if rng.chance(30) { term = rng.pick(adjectives).lowercased() + " " + term }
      return term + rng.pick(searchSuffixes)
    }
  }

  /// A URL path slug: `Acme Wireless Headphones` becomes `acme-wireless-headphones`.
  static func slug(_ text: String) -> String {
    var out = ""
    var lastDash = false
    for scalar in text.lowercased().unicodeScalars {
      if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
        out.unicodeScalars.append(scalar)
        lastDash = false
      } else if !lastDash && !out.isEmpty {
        out.append("-")
        lastDash = true
      }
    }
    return lastDash ? String(out.dropLast()) : out
  }
}
