extension PageScript {
  /// The upload model and the verdict, in JavaScript: the same formulas as the Swift model (the
  /// contract in the README's "Upload model" section), evaluated on the parameters the run wrote
  /// into results.json's `model` object. A browser test compares these functions with the Swift
  /// model on a grid of inputs, so the two cannot drift apart untested.
  ///
  /// The functions are pure: a cell and conditions in, seconds out. Nothing here touches the page.
  public static let model = #"""
    // ---- The upload model: one request = one payload (a request body). ---------------------
    // Sizes in bytes, rates in bytes per second, times in seconds.

    // How request bytes travel (Swift HTTPFraming.transport): payload and header bytes per
    // packet on the link, the initial window in packets. QUIC (HTTP/3): 1,350-byte UDP payloads
    // with 37 B of QUIC overhead and 28 B of IPv4 and UDP headers.
    function transport(model) {
      if (model.http === "3") return { payload: 1350 - 37, header: 37 + 28, iw: model.initial_window_segments };
      return { payload: model.mss_bytes, header: model.packet_header_bytes, iw: model.initial_window_segments };
    }

    // Round trips a new connection spends before its request (QUIC: one for transport and TLS).
    function handshakeRoundTrips(model) { return model.http === "3" ? 1 : model.cold_handshake_round_trips; }

    function varintBytes(v) { return v < 64 ? 1 : v < 16384 ? 2 : v < 1073741824 ? 4 : 8; }

    // HPACK size of a kept-alive request head (Swift HTTPFraming.compressedHeadBytes): 9 indexed
    // fields (+1 for content-encoding), content-length as a literal with Huffman-coded digits.
    function compressedHeadBytes(body, encoded) {
      let bits = 0;
      for (const d of String(Math.round(body))) bits += "012".includes(d) ? 5 : 6;
      return 9 + (encoded ? 1 : 0) + 2 + Math.floor((bits + 7) / 8);
    }

    // The request's bytes on the connection (Swift HTTPFraming.requestBytes): HTTP/1.1 as the
    // echo server counts them; HTTP/2 with HEADERS and DATA frame headers in TLS 1.3 records;
    // HTTP/3 with its frame headers (the QUIC packets' overhead is per packet, in transport()).
    function requestBytes(head, body, encoded, cold, model) {
      if (model.http === "2") {
        const h = cold ? head : compressedHeadBytes(body, encoded);
        const stream = 9 + h + Math.max(1, Math.ceil(body / 16384)) * 9 + body;
        return stream + Math.max(1, Math.ceil(stream / 16384)) * 22;
      }
      if (model.http === "3") {
        const h = cold ? head : compressedHeadBytes(body, encoded);
        return 1 + varintBytes(Math.trunc(h) + 2) + 2 + h + 1 + varintBytes(Math.trunc(body)) + body;
      }
      return head + body;
    }

    // Seconds to push W request bytes through the sender's congestion control (Swift
    // UploadModel.deliverSeconds, checked against Linux's TCP): each packet adds its headers on
    // the link; slow start from the initial window doubles each round, a round lasting the
    // longer of the window's serialisation and one RTT plus one (new connection) or two
    // (kept-alive: delayed ACKs) packet times; a kept-alive BBR sender keeps its window and sends
    // everything at the link's rate.
    function deliverSeconds(W, rate, rtt, cold, model) {
      if (!(rate > 0) || !(W > 0)) return 0;
      const t = transport(model);
      const payload = Math.max(1, t.payload);
      const wire = b => (b + Math.ceil(b / payload) * t.header) / rate;
      if (!cold && model.sender_congestion_control === "bbr") return wire(W);
      const packet = (payload + t.header) / rate;
      const perAck = cold ? 1 : 2;
      let cwnd = payload * Math.max(1, t.iw);
      let seconds = 0;
      let left = W;
      while (left > cwnd) {
        seconds += Math.max(rtt + perAck * packet, wire(cwnd));
        left -= cwnd;
        cwnd *= 2;
      }
      return seconds + wire(left);
    }

    // Bytes of the `Content-Encoding: token\r\n` line a compressed request adds to its head.
    function contentEncodingLineBytes(token) {
      return token ? ("Content-Encoding: " + token + "\r\n").length : 0;
    }

    // The modelled parts of one request of payload set `set` sent with `cell` (null: identity,
    // sent as it is) under `cond` = { uplinkBitsPerSecond, rttMs, cold, device }.
    function requestTime(set, cell, cond, model) {
      const s = set.input_bytes / set.payloads;
      const w = cell ? cell.output_bytes / cell.payloads : s;
      const rate = cond.uplinkBitsPerSecond / 8;
      const rtt = cond.rttMs / 1000;
      const parts = {
        compress: cell ? s / (cell.compress_mbps * 1e6) * cond.device.compress_slowdown : 0,
        handshake: cond.cold ? handshakeRoundTrips(model) * rtt : 0,
        deliver: deliverSeconds(
          requestBytes(model.request_head_bytes + (cell ? contentEncodingLineBytes(cell.content_encoding) : 0),
            w, Boolean(cell), cond.cold, model),
          rate, rtt, cond.cold, model),
        response: rtt,
        decode: cell ? s / (cell.decompress_mbps * 1e6) : 0,
      };
      parts.total = parts.compress + parts.handshake + parts.deliver + parts.response + parts.decode;
      parts.wireBytes = w;
      return parts;
    }

    // A cell the model can time: its output decoded back exactly, it ran on one thread (one
    // request body is compressed on one thread), and it has both speeds.
    function isUsable(cell) {
      return cell.verified && cell.threads === 1 && cell.payloads > 0 && cell.output_bytes > 0 &&
        cell.compress_mbps > 0 && cell.decompress_mbps > 0;
    }

    // A cell the verdict may pick: usable, and it makes the body smaller (ratio above 1).
    function isCandidate(cell) { return isUsable(cell) && cell.output_bytes < cell.input_bytes; }

    // The fixed tie rule: lower total, then lower level, then backend name (then container and
    // dictionary, so the order is total).
    function byTieRule(a, b) {
      return a.time.total - b.time.total || a.cell.level - b.cell.level ||
        compareText(a.cell.backend, b.cell.backend) || compareText(a.cell.container, b.cell.container) ||
        compareText(a.cell.dictionary || "", b.cell.dictionary || "");
    }

    function compareText(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

    // fastest = the lowest total; recommended = the cheapest of the options whose total is
    // within time_tolerance of the fastest: least client CPU per body, then working memory (none
    // measured counts as most), then fewest bytes, then the tie rule. The run's own answer also
    // counts overlapping intervals as ties; the page, a what-if on point estimates, does not.
    function pick(options, model) {
      if (options.length === 0) return null;
      const fastest = options.slice().sort(byTieRule)[0];
      const limit = fastest.time.total * (1 + model.time_tolerance);
      const near = options.filter(o => o.time.total <= limit);
      const memory = o => o.cell.memory_bytes == null ? Infinity : o.cell.memory_bytes;
      near.sort((a, b) => a.time.compress - b.time.compress || memory(a) - memory(b) ||
        a.cell.output_bytes - b.cell.output_bytes || byTieRule(a, b));
      return { fastest: fastest, recommended: near[0], ties: near.filter(o => o.cell.output_bytes === near[0].cell.output_bytes) };
    }

    // The verdict for one payload set under one set of conditions: should the client compress,
    // with what (any encoding, and gzip only), and what it saves against identity and zlib 6.
    function verdictFor(set, cells, cond, model) {
      const options = cells.filter(isCandidate).map(cell => ({ cell: cell, time: requestTime(set, cell, cond, model) }));
      const best = pick(options, model);
      const gzip = pick(options.filter(o => o.cell.container === "gzip"), model);
      const identity = requestTime(set, null, cond, model);
      const zlib6Cell = cells.find(c => isUsable(c) && c.backend === "zlib" && c.level === 6 && !c.dictionary);
      return {
        identity: identity,
        zlib6: zlib6Cell ? { cell: zlib6Cell, time: requestTime(set, zlib6Cell, cond, model) } : null,
        best: best,
        gzip: gzip,
        compress: best !== null && best.recommended.time.total < identity.total,
      };
    }

    // `backend:level:container`, with `:dictionary` for a dictionary cell: the form data-setting
    // and the tests use.
    function settingId(cell) {
      return cell.backend + ":" + cell.level + ":" + cell.container + (cell.dictionary ? ":" + cell.dictionary : "");
    }

    """#
}
