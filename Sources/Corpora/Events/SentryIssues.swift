import DeflateBenchSupport

/// One stack frame as the Sentry JavaScript SDK reports it (minified bundles: line 1 or 2,
/// large column numbers).
struct SentryFrame: Sendable {
  var filename, function: String
  var lineno, colno: Int
  var inApp: Bool
}

/// A recurring error of the web shop: the same issue comes back with the same exception and
/// stack, which is what real error streams look like (a few issues dominate).
struct SentryIssue: Sendable {
  var type, value, mechanism: String
  var handled: Bool
  var transaction: String
  var frames: [SentryFrame]
}

enum SentryCatalog {
  static let release = "shoply-web@5.12.0"
  static let sdkName = "sentry.javascript.react"
  static let sdkVersion = "7.114.0"
  static let integrations = [
    "InboundFilters", "FunctionToString", "TryCatch", "Breadcrumbs", "GlobalHandlers", "LinkedErrors", "Dedupe",
    "HttpContext", "BrowserTracing", "Replay",
  ]

  static let routes = ZipfVocabulary(
    [
      "/checkout", "/cart", "/p/:sku/:slug", "/search", "/", "/account/orders", "/category/:slug",
      "/account/settings",
    ], flatten: 1)

  static let errors: [(String, String, String)] = [
    ("TypeError", "Cannot read properties of undefined (reading 'price')", "onerror"),
    ("TypeError", "Failed to fetch", "onunhandledrejection"),
    ("TypeError", "undefined is not an object (evaluating 'e.items.length')", "onerror"),
    (
      "ChunkLoadError", "Loading chunk 743 failed.\n(error: https://www.shoply.com/static/js/743.2b1c9e0f.chunk.js)",
      "onunhandledrejection"
    ),
    ("Error", "Request failed with status code 500", "onunhandledrejection"),
    ("TypeError", "Load failed", "onunhandledrejection"),
    ("SyntaxError", "Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON", "onunhandledrejection"),
    ("TypeError", "Cannot read properties of null (reading 'map')", "onerror"),
    (
      "Error",
      "Minified React error #418; visit https://reactjs.org/docs/error-decoder.html?invariant=418 for the full message or use the non-minified dev environment for full errors and additional helpful warnings.",
      "onerror"
    ),
    ("RangeError", "Maximum call stack size exceeded", "onerror"),
    ("ReferenceError", "gtag is not defined", "onerror"),
    ("AbortError", "The user aborted a request.", "generic"),
    (
      "Error", "Non-Error promise rejection captured with value: Object Not Found Matching Id:3", "onunhandledrejection"
    ),
    ("TypeError", "Cannot read properties of undefined (reading 'id')", "onerror"),
  ]

  static let appFunctions = [
    "CheckoutForm.handleSubmit", "useCart", "CartItem.render", "fetchJSON", "Object.onClick", "PaymentStep.validate",
    "ProductGallery.componentDidUpdate", "formatPrice", "SearchBox.onChange", "useProduct", "AddressForm.onBlur",
    "applyCoupon", "trackEvent", "OrderSummary", "renderRecommendations", "api.post", "api.get", "Array.map",
    "Promise.then", "HTMLDocument.r",
  ]

  static let bundles = [
    "https://www.shoply.com/static/js/main.8c2f1a7b.js", "https://www.shoply.com/static/js/vendor.3b9d0c21.js",
    "https://www.shoply.com/static/js/checkout.5e7a9d12.chunk.js",
    "https://www.shoply.com/static/js/product.91ac4e07.chunk.js",
  ]

  /// A fixed set of issues for one corpus, with stacks drawn from the seed.
  static func makeIssues(count: Int, rng: inout Xoshiro256StarStar) -> [SentryIssue] {
    (0..<count).map { _ in
      let (type, value, mechanism) = errors[rng.index(errors.count)]
      var frames: [SentryFrame] = []
      // Oldest call first, as Sentry orders frames: framework entry points, then app code.
      for _ in 0..<rng.int(in: 2...7) {
        frames.append(
          SentryFrame(
            filename: bundles[1], function: rng.alphanumeric(2), lineno: 2, colno: rng.int(in: 1000...160_000),
            inApp: false))
      }
      for _ in 0..<rng.int(in: 2...9) {
        frames.append(
          SentryFrame(
            filename: rng.chance(60) ? bundles[0] : rng.pick(Array(bundles[2...])), function: rng.pick(appFunctions),
            lineno: 1, colno: rng.int(in: 200...98_000), inApp: true))
      }
      return SentryIssue(
        type: type, value: value, mechanism: mechanism, handled: mechanism == "generic",
        transaction: routes.draw(&rng), frames: frames)
    }
  }
}
