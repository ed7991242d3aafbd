extension PageScript {
  /// The page's state, its controls and the URL fragment that mirrors them, and the verdict box.
  static let controls = #"""
    // ---- State: what the reader chose, mirrored in the URL fragment -------------------------
    const DATA = JSON.parse(document.getElementById("results-data").textContent);
    const MODEL = DATA.model;
    // Sliders move on a log scale: uplink 100 kbit/s to 1 Gbit/s, round trip 1 ms to 2 s.
    const UPLINK_RANGE = [1e5, 1e9];
    const RTT_RANGE = [1, 2000];

    // The payload sets, in the run's order, with their cells.
    const SETS = DATA.corpora.map(set => ({
      corpus: set.name, split: set.split, input_bytes: set.bytes, payloads: set.payloads,
      cells: DATA.cells.filter(c => c.corpus === set.name && c.split === set.split),
    })).filter(set => set.cells.length > 0);

    const state = { corpus: "", split: "", uplinkBitsPerSecond: 0, rttMs: 0, cold: false, device: "this" };

    function currentSet() {
      return SETS.find(s => s.corpus === state.corpus && s.split === state.split) || SETS[0];
    }
    function currentDevice() {
      return MODEL.devices.find(d => d.name === state.device) || MODEL.devices[0];
    }
    function conditions() {
      return { uplinkBitsPerSecond: state.uplinkBitsPerSecond, rttMs: state.rttMs, cold: state.cold, device: currentDevice() };
    }

    // Starting values: the lte preset (or the first link), this machine (or the first device), the
    // run's connection, the first payload set; then whatever the fragment says.
    function readFragment() {
      const start = MODEL.links.find(l => l.name === "lte") || MODEL.links[0];
      Object.assign(state, { corpus: SETS[0].corpus, split: SETS[0].split, uplinkBitsPerSecond: start.uplink_bits_per_second,
        rttMs: start.rtt_ms, cold: MODEL.connection === "cold",
        device: (MODEL.devices.find(d => d.name === "this") || MODEL.devices[0]).name });
      const params = new URLSearchParams(location.hash.replace(/^#/, ""));
      const link = MODEL.links.find(l => l.name === params.get("link"));
      if (link) Object.assign(state, { uplinkBitsPerSecond: link.uplink_bits_per_second, rttMs: link.rtt_ms });
      if (SETS.some(s => s.corpus === params.get("corpus"))) {
        state.corpus = params.get("corpus");
        state.split = SETS.find(s => s.corpus === state.corpus).split;
      }
      if (SETS.some(s => s.corpus === state.corpus && s.split === params.get("split"))) state.split = params.get("split");
      const uplink = parseRate(params.get("uplink"));
      if (uplink > 0) state.uplinkBitsPerSecond = uplink;
      const rtt = parseMilliseconds(params.get("rtt"));
      if (rtt >= 0) state.rttMs = rtt;
      if (params.get("connection") === "cold" || params.get("connection") === "warm") state.cold = params.get("connection") === "cold";
      if (MODEL.devices.some(d => d.name === params.get("device"))) state.device = params.get("device");
    }

    // Writes the state back, so the address bar always holds a link to this exact view.
    function writeFragment() {
      const params = new URLSearchParams({ corpus: state.corpus, split: state.split, uplink: rateToken(state.uplinkBitsPerSecond),
        rtt: msToken(state.rttMs), connection: state.cold ? "cold" : "warm", device: state.device });
      const hash = "#" + params.toString();
      if (location.hash !== hash) history.replaceState(null, "", hash);
    }

    // ---- Controls ---------------------------------------------------------------------------
    const $ = id => document.getElementById(id);
    const toSlider = (value, range) => Math.round(1000 * Math.log(value / range[0]) / Math.log(range[1] / range[0]));
    const fromSlider = (position, range) => roundSignificant(range[0] * Math.pow(range[1] / range[0], position / 1000));

    function setupControls() {
      const corpora = [...new Set(SETS.map(s => s.corpus))];
      $("corpus").replaceChildren(...corpora.map(name => el("option", { value: name }, name)));
      $("device").replaceChildren(...MODEL.devices.map(d => el("option", { value: d.name },
        d.name + (d.compress_slowdown === 1 ? "" : " (" + short(d.compress_slowdown) + "x this machine's time)"))));
      $("presets").replaceChildren("Link presets:", ...MODEL.links.map(link => {
        const button = el("button", { type: "button", "data-link": link.name, title: link.source },
          link.name + " (" + rateText(link.uplink_bits_per_second) + ", " + short(link.rtt_ms) + " ms)");
        button.addEventListener("click", () => update({ uplinkBitsPerSecond: link.uplink_bits_per_second, rttMs: link.rtt_ms }));
        return button;
      }));
      $("corpus").addEventListener("change", e => update({ corpus: e.target.value, split: SETS.find(s => s.corpus === e.target.value).split }));
      $("split").addEventListener("change", e => update({ split: e.target.value }));
      $("uplink").addEventListener("input", e => update({ uplinkBitsPerSecond: fromSlider(+e.target.value, UPLINK_RANGE) }));
      $("rtt").addEventListener("input", e => update({ rttMs: fromSlider(+e.target.value, RTT_RANGE) }));
      $("warm").addEventListener("change", () => update({ cold: false }));
      $("cold").addEventListener("change", () => update({ cold: true }));
      $("device").addEventListener("change", e => update({ device: e.target.value }));
      $("all-sets").addEventListener("change", () => renderTable());
      window.addEventListener("hashchange", () => { readFragment(); render(); });
    }

    // Shows the state in the controls (after a fragment or a preset changed it).
    function showState() {
      $("corpus").value = state.corpus;
      const splits = SETS.filter(s => s.corpus === state.corpus);
      $("split").replaceChildren(...splits.map(s => el("option", { value: s.split },
        s.split + " (" + bytesText(s.input_bytes / s.payloads) + " per request)")));
      $("split").value = state.split;
      $("uplink").value = toSlider(state.uplinkBitsPerSecond, UPLINK_RANGE);
      $("uplink-value").textContent = rateText(state.uplinkBitsPerSecond);
      $("rtt").value = toSlider(Math.max(state.rttMs, RTT_RANGE[0]), RTT_RANGE);
      $("rtt-value").textContent = short(state.rttMs) + " ms";
      $(state.cold ? "cold" : "warm").checked = true;
      $("device").value = state.device;
      for (const button of $("presets").querySelectorAll("button")) {
        const link = MODEL.links.find(l => l.name === button.dataset.link);
        button.setAttribute("aria-pressed", String(link.uplink_bits_per_second === state.uplinkBitsPerSecond && link.rtt_ms === state.rttMs));
      }
    }

    function update(changes) {
      Object.assign(state, changes);
      render();
    }

    // ---- The verdict box ----------------------------------------------------------------------
    function renderVerdict(set, verdict) {
      const box = $("verdict");
      const cond = conditions();
      const recommended = verdict.best && verdict.best.recommended;
      box.dataset.compress = String(verdict.compress);
      box.dataset.setting = recommended ? settingId(recommended.cell) : "";
      box.dataset.gzipSetting = verdict.gzip ? settingId(verdict.gzip.recommended.cell) : "";
      box.dataset.identityMs = String(verdict.identity.total * 1000);
      box.dataset.bestMs = recommended ? String(recommended.time.total * 1000) : "";
      const where = set.corpus + " / " + set.split + " on " + rateText(cond.uplinkBitsPerSecond) + " up, " + short(cond.rttMs) +
        " ms round trip, " + (cond.cold ? "cold" : "warm") + " connection, device " + cond.device.name;
      const saved = recommended ? verdict.identity.total - recommended.time.total : 0;
      const answer = !recommended ? "No setting shrinks these payloads: send them uncompressed."
        : verdict.compress ? "Compress: yes. Use " + cellName(recommended.cell) + ": it saves " + ms(saved) + " per request (" +
          sig(100 * saved / verdict.identity.total) + " %)."
        : "Compress: no. Sending uncompressed is fastest here; the best setting, " + cellName(recommended.cell) +
          ", would cost " + ms(-saved) + " more per request.";
      const rows = [["No compression (identity)", null, verdict.identity]];
      if (verdict.zlib6) rows.push(["zlib 6 (the usual default)", verdict.zlib6.cell, verdict.zlib6.time]);
      if (verdict.gzip) rows.push(["Recommended gzip: " + cellName(verdict.gzip.recommended.cell), verdict.gzip.recommended.cell, verdict.gzip.recommended.time]);
      if (recommended) rows.push(["Recommended, any encoding: " + cellName(recommended.cell), recommended.cell, recommended.time]);
      if (verdict.best) rows.push(["Fastest: " + cellName(verdict.best.fastest.cell), verdict.best.fastest.cell, verdict.best.fastest.time]);
      const table = el("table", {}, el("thead", {}, el("tr", {}, ...["Setting", "Time per request", "Saved", "Saved %",
        "Body on the wire", "Client compress", "Server decode"].map(h => el("th", { scope: "col" }, h)))),
        el("tbody", {}, ...rows.map(([label, cell, time]) => el("tr", {},
          el("th", { scope: "row", class: "text" }, label), el("td", {}, ms(time.total)),
          el("td", {}, ms(verdict.identity.total - time.total)),
          el("td", {}, sig(100 * (verdict.identity.total - time.total) / verdict.identity.total) + " %"),
          el("td", {}, bytesText(time.wireBytes)), el("td", {}, sig(time.compress * 1e6) + " µs"),
          el("td", {}, sig(time.decode * 1e6) + " µs")))));
      const ties = verdict.best && verdict.best.ties.length > 1
        ? el("p", { class: "note" }, "Tied (identical output): " + verdict.best.ties.map(t => cellName(t.cell)).join(", ") +
          "; the faster, then lower level, then name wins.") : "";
      box.replaceChildren(el("h2", { id: "verdict-heading" }, "Verdict"), el("p", { class: "note" }, where),
        el("p", { class: "answer" }, answer), el("div", { class: "table-scroll" }, table), ties,
        el("p", { class: "note" }, "Recommended = the smallest body among settings within " + short(100 * MODEL.time_tolerance) +
          " % of the fastest total. Time per request = client compress + handshake (cold) + slow-start delivery of head " +
          "and body + the response's round trip + server decode; see the model below."));
    }

    // Redraws everything from the state.
    function render() {
      showState();
      writeFragment();
      const set = currentSet();
      const verdict = verdictFor(set, set.cells, conditions(), MODEL);
      renderVerdict(set, verdict);
      renderSavedChart(set, verdict);
      renderRatioChart(set, verdict);
      renderTable();
    }

    """#
}
