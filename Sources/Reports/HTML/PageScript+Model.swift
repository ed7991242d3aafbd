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

    // Seconds to push W bytes through TCP slow start: the congestion window starts at
    // initial_window_segments x mss_bytes and doubles every round trip until the link's rate,
    // not the window, is the limit (RFC 5681, RFC 6928).
    function deliverSeconds(W, rate, rtt, model) {
      let cwnd = model.initial_window_segments * model.mss_bytes;
      let t = 0;
      let left = W;
      for (;;) {
        if (left <= cwnd) { t += left / rate; break; }
        t += Math.max(rtt, cwnd / rate);
        left -= cwnd;
        cwnd *= 2;
      }
      return t;
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
        handshake: cond.cold ? model.cold_handshake_round_trips * rtt : 0,
        deliver: deliverSeconds(
          model.request_head_bytes + w + (cell ? contentEncodingLineBytes(cell.content_encoding) : 0),
          rate, rtt, model),
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
