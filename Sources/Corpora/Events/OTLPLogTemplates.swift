import DeflateBenchSupport

struct Severity: Sendable {
  var number: Int
  var text: String

  static let debug = Severity(number: 5, text: "DEBUG")
  static let info = Severity(number: 9, text: "INFO")
  static let warn = Severity(number: 13, text: "WARN")
  static let error = Severity(number: 17, text: "ERROR")
}

/// The checkout service's loggers: the OTLP instrumentation scopes a batch groups its records by,
/// named as the Java service names them.
enum OTLPScope: String, Sendable {
  case access = "io.shoply.checkout.http.AccessLogFilter"
  case cart = "io.shoply.checkout.cart.CartService"
  case sql = "org.hibernate.SQL"
  case payment = "io.shoply.checkout.payment.PaymentClient"
  case hikari = "com.zaxxer.hikari.pool.HikariPool"
  case inventory = "io.shoply.checkout.inventory.InventoryClient"
  case kafka = "org.apache.kafka.clients.producer.KafkaProducer"
  case checkout = "io.shoply.checkout.CheckoutController"
  case cache = "io.shoply.checkout.catalog.ProductCache"
}

/// A log record waiting in its request's queue.
struct PendingLog: Sendable {
  var severity: Severity
  var scope: OTLPScope
  var body: String
  var attributes: [(String, EventValue)]
  var traceId, spanId: String
}

/// The log lines of a checkout service: what one HTTP request makes its loggers (`OTLPScope`)
/// write. Routes, callers and outcomes are drawn Zipf-like; ids are random.
enum OTLPLogTemplates {
  private static let routes = ZipfVocabulary(
    [
      ("GET", "/api/v1/products/{sku}"), ("GET", "/api/v1/cart/{cartId}"), ("POST", "/api/v1/cart/{cartId}/items"),
      ("POST", "/api/v1/checkout"), ("GET", "/api/v1/orders/{orderId}"),
      ("DELETE", "/api/v1/cart/{cartId}/items/{sku}"), ("POST", "/api/v1/payments/authorize"),
    ], flatten: 1)

  private static let callers = ZipfVocabulary(
    [
      "Shoply/5.12.0 (iPhone; iOS 17.4.1; Scale/3.00)", "okhttp/4.12.0",
      "Shoply/5.11.2 (iPhone; iOS 17.5.1; Scale/3.00)",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
      "Shoply/5.12.0 (Android 14; SM-S911B)", "ReactorNetty/1.1.19", "curl/8.5.0",
    ])

  private static let providers = ZipfVocabulary(["stripe", "adyen", "paypal", "klarna"])

  private static let statements = [
    "select c1_0.id,c1_0.created_at,c1_0.customer_id,c1_0.status,c1_0.updated_at from carts c1_0 where c1_0.id=?",
    "select i1_0.cart_id,i1_0.id,i1_0.product_sku,i1_0.quantity,i1_0.unit_price_cents from cart_items i1_0 where i1_0.cart_id=?",
    "select p1_0.sku,p1_0.brand,p1_0.category,p1_0.name,p1_0.price_cents,p1_0.stock from products p1_0 where p1_0.sku=?",
    "insert into cart_items (cart_id,product_sku,quantity,unit_price_cents,id) values (?,?,?,?,?)",
    "insert into orders (created_at,customer_id,currency,status,total_cents,id) values (?,?,?,?,?,?)",
    "update carts set status=?,updated_at=? where id=?",
    "select o1_0.id,o1_0.created_at,o1_0.currency,o1_0.status,o1_0.total_cents from orders o1_0 where o1_0.id=?",
  ]

  /// The records one request writes, in order, sharing its trace id.
  static func request(rng: inout Xoshiro256StarStar, identity: RequestIdentity) -> [PendingLog] {
    let traceId = rng.hex(32)
    let serverSpan = rng.hex(16)
    let threadId = rng.int(in: 1...64)
    let thread: [(String, EventValue)] = [
      ("thread.name", .string("http-nio-8080-exec-\(threadId)")), ("thread.id", .int(40 + threadId)),
    ]
    let (method, route) = routes.draw(&rng)
    let sku = "SKU-\(10000 + rng.int(in: 0...2800))"
    let cartId = rng.uuid()
    let orderId = "ord_" + rng.alphanumeric(12).lowercased()
    let userId = "u_\(rng.int(in: 100_000...9_999_999))"
    let path = route.replacingOccurrences(of: "{sku}", with: sku).replacingOccurrences(of: "{cartId}", with: cartId)
      .replacingOccurrences(of: "{orderId}", with: orderId)
    var logs: [PendingLog] = []
    var status = method == "POST" ? 201 : 200
    var durationMillis = rng.int(in: 3...45)

    func log(
      _ severity: Severity, _ scope: OTLPScope, _ body: String, _ extra: [(String, EventValue)] = [],
      span: String? = nil
    ) {
      logs.append(
        PendingLog(
          severity: severity, scope: scope, body: body, attributes: thread + extra, traceId: traceId,
          spanId: span ?? serverSpan))
    }

    if rng.chance(60) {
      let statement = statements[min(statements.count - 1, rng.index(3) + (method == "POST" ? 3 : 0))]
      log(.debug, .sql, statement, [("db.system", .string("postgresql"))], span: rng.hex(16))
    }
    switch route {
    case "/api/v1/products/{sku}":
      if rng.chance(30) { log(.debug, .cache, "Cache miss for key product:\(sku), loading from database") }
    case "/api/v1/cart/{cartId}":
      log(
        .info, .cart, "Loaded cart \(cartId) with \(rng.int(in: 0...9)) items for user \(userId)",
        [("enduser.id", .string(userId))])
    case "/api/v1/cart/{cartId}/items":
      let quantity = rng.int(in: 1...3)
      if rng.chance(6) {
        status = 409
        log(
          .warn, .inventory,
          "Inventory reservation failed for sku \(sku): insufficient stock (requested \(quantity), available \(rng.int(in: 0...1)))",
          [("product.sku", .string(sku))])
      } else {
        log(
          .info, .cart, "Added \(quantity) x \(sku) to cart \(cartId)",
          [("enduser.id", .string(userId)), ("product.sku", .string(sku))])
      }
    case "/api/v1/checkout", "/api/v1/payments/authorize":
      let total = rng.int(in: 500...60_000)
      let provider = providers.draw(&rng)
      let paymentSpan = rng.hex(16)
      log(
        .info, .checkout,
        "Checkout started for cart \(cartId) (items=\(rng.int(in: 1...6)), total=\(FixedDecimal.format(total, decimals: 2)) USD)",
        [("enduser.id", .string(userId))])
      let latency = rng.chance(85) ? rng.int(in: 120...900) : rng.int(in: 900...4800)
      durationMillis += latency
      if latency > 2500 {
        log(
          .warn, .payment, "Payment provider \(provider) responded slowly (\(latency) ms), retrying (attempt 2 of 3)",
          [("payment.provider", .string(provider)), ("http.client.duration_ms", .int(latency))], span: paymentSpan)
      }
      if rng.chance(4) {
        status = 502
        let (type, message, trace) = exceptions[rng.index(exceptions.count)]
        log(
          .error, .checkout, "Failed to process checkout for order \(orderId)",
          [
            ("exception.type", .string(type)), ("exception.message", .string(message)),
            ("exception.stacktrace", .string(trace)),
          ])
      } else {
        log(
          .info, .payment, "Payment authorized for order \(orderId) via \(provider) in \(latency) ms",
          [("payment.provider", .string(provider)), ("order.id", .string(orderId))], span: paymentSpan)
        log(
          .info, .kafka,
          "[Producer clientId=checkout-events] Sent record to topic order-events partition \(rng.int(in: 0...11)) offset \(rng.int(in: 1_200_000...1_900_000))"
        )
      }
    default:
      break
    }
    if rng.chance(5) {
      let active = rng.int(in: 1...12)
      log(.debug, .hikari, "HikariPool-1 - Pool stats (total=20, active=\(active), idle=\(20 - active), waiting=0)")
    }
    log(
      .info, .access, "\(method) \(path) \(status) \(durationMillis) ms",
      [
        ("http.request.method", .string(method)), ("url.path", .string(path)), ("http.route", .string(route)),
        ("http.response.status_code", .int(status)),
        ("client.address", .string("10.0.\(rng.int(in: 0...3)).\(rng.int(in: 2...254))")),
        ("user_agent.original", .string(callers.draw(&rng))),
        ("http.server.request.duration", .decimal(durationMillis, 3)),
      ])
    return logs
  }

  /// Exceptions with the stack traces Java prints for them.
  private static let exceptions: [(String, String, String)] = [
    (
      "java.net.SocketTimeoutException", "Read timed out",
      javaTrace(
        "java.net.SocketTimeoutException: Read timed out",
        [
          "java.base/sun.nio.ch.NioSocketImpl.timedRead(NioSocketImpl.java:288)",
          "java.base/sun.nio.ch.NioSocketImpl.implRead(NioSocketImpl.java:314)",
          "java.base/java.net.Socket$SocketInputStream.read(Socket.java:1099)",
          "okhttp3.internal.http1.Http1ExchangeCodec.readResponseHeaders(Http1ExchangeCodec.kt:180)",
          "okhttp3.internal.connection.Exchange.readResponseHeaders(Exchange.kt:110)",
          "okhttp3.internal.http.CallServerInterceptor.intercept(CallServerInterceptor.kt:93)",
          "okhttp3.internal.connection.RealCall.execute(RealCall.kt:154)",
          "io.shoply.checkout.payment.PaymentClient.authorize(PaymentClient.java:87)",
          "io.shoply.checkout.CheckoutService.placeOrder(CheckoutService.java:142)",
          "io.shoply.checkout.CheckoutController.checkout(CheckoutController.java:58)",
        ])
    ),
    (
      "org.springframework.dao.DataIntegrityViolationException",
      "could not execute statement [ERROR: duplicate key value violates unique constraint \"orders_pkey\"]",
      javaTrace(
        "org.springframework.dao.DataIntegrityViolationException: could not execute statement",
        [
          "org.springframework.orm.jpa.vendor.HibernateJpaDialect.convertHibernateAccessException(HibernateJpaDialect.java:290)",
          "org.springframework.orm.jpa.vendor.HibernateJpaDialect.translateExceptionIfPossible(HibernateJpaDialect.java:241)",
          "org.springframework.transaction.support.AbstractPlatformTransactionManager.commit(AbstractPlatformTransactionManager.java:794)",
          "org.springframework.transaction.interceptor.TransactionAspectSupport.commitTransactionAfterReturning(TransactionAspectSupport.java:660)",
          "io.shoply.checkout.CheckoutService.placeOrder(CheckoutService.java:155)",
          "io.shoply.checkout.CheckoutController.checkout(CheckoutController.java:58)",
        ])
    ),
    (
      "java.lang.IllegalStateException", "Cart is already checked out",
      javaTrace(
        "java.lang.IllegalStateException: Cart is already checked out",
        [
          "io.shoply.checkout.cart.Cart.requireOpen(Cart.java:64)",
          "io.shoply.checkout.CheckoutService.placeOrder(CheckoutService.java:119)",
          "io.shoply.checkout.CheckoutController.checkout(CheckoutController.java:58)",
          "java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)",
          "org.springframework.web.method.support.InvocableHandlerMethod.doInvoke(InvocableHandlerMethod.java:255)",
        ])
    ),
  ]

  private static func javaTrace(_ headline: String, _ frames: [String]) -> String {
    headline + "\n" + frames.map { "\tat " + $0 }.joined(separator: "\n")
      + "\n\tat org.springframework.web.servlet.FrameworkServlet.service(FrameworkServlet.java:885)"
      + "\n\tat org.apache.catalina.core.ApplicationFilterChain.doFilter(ApplicationFilterChain.java:138)\n\t... 48 more"
  }
}
