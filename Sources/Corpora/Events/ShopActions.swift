/// What a shopper did, independent of how an SDK writes it down: the event name, the screen it
/// happened on and its custom properties in the order the app sets them.
struct ShopAction: Sendable {
  var name: String
  var screen: String
  var properties: [(String, EventValue)]
  /// Web events carry the page they happened on.
  var pagePath, pageTitle: String
}

extension ShopperStream {
  /// The next thing the session's shopper does, with the properties a shop app would attach.
  mutating func nextAction(session index: Int) -> ShopAction {
    let session = sessions[index]
    let shopper = shopper(of: index)
    let name: String
    if session.eventNumber == 1 {
      name = shopper.platform == .web ? "Page Viewed" : "App Opened"
    } else {
      name = CommerceCatalog.eventNames.draw(&rng)
    }
    var screen = session.screen
    var productIndex = session.productIndex
    var properties: [(String, EventValue)] = []
    let currency = shopper.locale.currency

    func productFields(_ product: Product, quantity: Int? = nil) -> [(String, EventValue)] {
      var fields: [(String, EventValue)] = [
        ("product_id", .string(product.id)), ("name", .string(product.name)), ("brand", .string(product.brand)),
        ("category", .string(product.category)), ("price", .decimal(product.priceCents, 2)),
        ("currency", .string(currency)),
      ]
      if let quantity { fields.append(("quantity", .int(quantity))) }
      return fields
    }

    switch name {
    case "App Opened", "Page Viewed":
      screen = "Home"
      properties = [("from_background", .bool(rng.chance(40))), ("referrer", .string(shopper.initialReferrer))]
    case "Screen Viewed":
      let previous = screen
      screen = CommerceCatalog.screens.draw(&rng)
      properties = [("screen_name", .string(screen)), ("previous_screen", .string(previous))]
    case "Product Viewed":
      productIndex = drawProduct()
      screen = "Product Detail"
      properties = productFields(products[productIndex]) + [("position", .int(rng.int(in: 1...24)))]
    case "Button Tapped":
      properties = [("button_id", .string(CommerceCatalog.buttons.draw(&rng))), ("screen_name", .string(screen))]
    case "Products Searched":
      screen = "Search Results"
      let results = rng.chance(8) ? 0 : rng.int(in: 1...240)
      properties = [("query", .string(searchTerms.draw(&rng))), ("results_count", .int(results))]
    case "Product List Viewed":
      let category = CommerceCatalog.categories[rng.index(CommerceCatalog.categories.count)].0
      screen = "Category"
      properties = [
        ("list_id", .string("category_" + CommerceCatalog.slug(category))), ("category", .string(category)),
        ("products_count", .int(rng.int(in: 12...48))),
      ]
    case "Product Added", "Product Removed", "Product Added to Wishlist", "Product Shared":
      if rng.chance(40) { productIndex = drawProduct() }
      properties = productFields(products[productIndex], quantity: name == "Product Added" ? rng.int(in: 1...3) : nil)
      if name == "Product Added" { update(index) { $0.cartItems += 1 } }
      if name == "Product Removed" { update(index) { $0.cartItems = max(0, $0.cartItems - 1) } }
      if name == "Product Shared" {
        properties.append(("share_via", .string(rng.pick(["messages", "whatsapp", "copy_link", "mail"]))))
      }
    case "Cart Viewed":
      screen = "Cart"
      let items = max(1, session.cartItems)
      properties = [
        ("cart_id", .string("cart_" + String(session.sessionId, radix: 36))), ("items", .int(items)),
        ("value", .decimal(items * products[productIndex].priceCents, 2)), ("currency", .string(currency)),
      ]
    case "Checkout Started", "Order Completed", "Payment Info Entered":
      screen = name == "Order Completed" ? "Order Confirmation" : "Checkout"
      let items = max(1, session.cartItems)
      let subtotal = items * products[productIndex].priceCents
      let shipping = rng.pick([0, 0, 499, 799])
      let tax = subtotal * 8 / 100
      properties = [
        ("order_id", .string("ord_" + String(session.sessionId % 100_000_000, radix: 36) + "\(items)")),
        ("value", .decimal(subtotal, 2)), ("currency", .string(currency)), ("items", .int(items)),
      ]
      if name == "Order Completed" {
        properties += [
          ("revenue", .decimal(subtotal + shipping + tax, 2)), ("shipping", .decimal(shipping, 2)),
          ("tax", .decimal(tax, 2)), ("payment_method", .string(CommerceCatalog.paymentMethods.draw(&rng))),
          ("shipping_method", .string(CommerceCatalog.shippingMethods.draw(&rng))),
        ]
        update(index) { $0.cartItems = 0 }
      } else if name == "Payment Info Entered" {
        properties += [("step", .int(3)), ("payment_method", .string(CommerceCatalog.paymentMethods.draw(&rng)))]
      }
    case "Coupon Applied":
      properties = [
        ("coupon", .string(CommerceCatalog.coupons.draw(&rng))),
        ("discount", .decimal(rng.pick([500, 1000, 1500, 2000]), 2)),
      ]
    case "Signed In", "Signed Up":
      signIn(index)
      properties = [("method", .string(rng.pick(["email", "apple", "google", "email", "facebook"])))]
    case "Notification Opened":
      properties = [
        ("campaign", .string(rng.pick(["abandoned_cart_24h", "price_drop", "weekly_deals", "back_in_stock"]))),
        ("channel", .string("push")),
      ]
    case "Promotion Viewed":
      properties = [
        ("promotion_id", .string(rng.pick(["promo_summer_sale", "promo_free_shipping", "promo_new_arrivals"]))),
        ("creative", .string(rng.pick(["banner_top", "carousel_2", "interstitial"]))),
        ("position", .int(rng.int(in: 1...5))),
      ]
    case "Review Submitted":
      properties = [
        ("product_id", .string(products[productIndex].id)), ("rating", .int(rng.pick([5, 5, 5, 4, 4, 3, 1]))),
        ("review_length", .int(rng.int(in: 12...640))),
      ]
    case "App Backgrounded":
      properties = [("session_duration_s", .int((clockMillis - session.sessionId) / 1000))]
    default:  // "Error Shown"
      let (code, message) = rng.pick([
        ("E_NETWORK", "The network connection was lost."), ("E_TIMEOUT", "The request timed out."),
        ("E_PAYMENT_DECLINED", "Your card was declined."), ("E_OUT_OF_STOCK", "This item is no longer available."),
      ])
      properties = [("error_code", .string(code)), ("message", .string(message)), ("screen_name", .string(screen))]
    }
    update(index) {
      $0.screen = screen
      $0.productIndex = productIndex
    }
    let (path, title) = page(for: screen, product: products[productIndex])
    return ShopAction(name: name, screen: screen, properties: properties, pagePath: path, pageTitle: title)
  }

  /// The web page that shows a screen, as analytics.js and mixpanel-js record it.
  private func page(for screen: String, product: Product) -> (String, String) {
    switch screen {
    case "Home": ("/", "Shoply | Everything for less")
    case "Product Detail":
      ("/p/\(product.id.lowercased())/\(CommerceCatalog.slug(product.name))", "\(product.name) | Shoply")
    case "Search Results": ("/search", "Search results | Shoply")
    default: ("/\(CommerceCatalog.slug(screen))", "\(screen) | Shoply")
    }
  }
}
