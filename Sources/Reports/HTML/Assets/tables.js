// ---- The table of cells -------------------------------------------------------------------
// Each column: header, how to read its sort value from a row, how to show it, text or number.
const COLUMNS = [
  { name: "Payload set", text: true, value: r => r.set.corpus + "/" + r.set.split, allOnly: true },
  { name: "Backend", text: true, value: r => r.cell.backend },
  { name: "Level", value: r => r.cell.level },
  { name: "Container", text: true, value: r => r.cell.container + (r.cell.dictionary ? " + " + r.cell.dictionary : "") },
  { name: "Threads", value: r => r.cell.threads },
  { name: "Ratio", value: r => r.cell.ratio, show: v => v.toFixed(3) },
  { name: "Body out", value: r => r.cell.output_bytes / r.cell.payloads, show: bytesText },
  { name: "Compress MB/s", value: r => r.cell.compress_mbps, show: sig },
  { name: "95 % CI", text: true, value: r => r.cell.compress_interval_mbps ? sig(r.cell.compress_interval_mbps[0]) + "–" + sig(r.cell.compress_interval_mbps[1]) : "—" },
  { name: "Decompress MB/s", value: r => r.cell.decompress_mbps, show: sig },
  { name: "Client µs per body", value: r => r.time ? r.time.compress * 1e6 : NaN, show: sig },
  { name: "Cold µs", value: r => r.cell.cold_microseconds, show: sig },
  { name: "Modelled ms", value: r => r.time ? r.time.total * 1000 : NaN, show: sig },
  { name: "Saved ms", value: r => r.time ? (r.identity - r.time.total) * 1000 : NaN, show: sig },
  { name: "Pick", text: true, value: r => r.pick },
  { name: "Pareto", text: true, value: r => r.cell.pareto ? "yes" : "" },
  { name: "Verified by", text: true, value: r => r.cell.verified ? r.cell.verified_with : "NOT verified" },
];
const sorting = { column: "Saved ms", descending: true };

// One row per cell, with its modelled time under the current conditions and its role in the
// run's verdict (the row at these conditions, or the what-if's anchor row) in words.
function tableRows(sets) {
  const rows = [];
  for (const set of sets) {
    const row = runRow(set) || anchorRow(set);
    const roles = [["best", "recommended"], ["gzip", "gzip pick"], ["fastest", "fastest"]]
      .map(([prefix, name]) => [namedCell(set, row, prefix), name]);
    const role = (cell) => roles.filter(([named]) => named === cell).map(([, name]) => name)
      .concat(cell === referenceCell(set) ? ["zlib 6 reference"] : []).join(", ");
    const identity = modelled(set, null).total;
    for (const cell of set.cells) {
      rows.push({ set: set, cell: cell, identity: identity, pick: role(cell),
        time: isTimeable(cell) ? modelled(set, cell) : null });
    }
  }
  return rows;
}

function renderTable() {
  const all = $("all-sets").checked;
  const columns = COLUMNS.filter(c => all || !c.allOnly);
  const rows = tableRows(all ? SETS : [currentSet()]);
  const column = columns.find(c => c.name === sorting.column) || columns[1];
  const direction = sorting.descending ? -1 : 1;
  rows.sort((a, b) => {
    const [va, vb] = [column.value(a), column.value(b)];
    if (column.text) return direction * compareText(String(va), String(vb));
    // Missing figures (a failed cell) sort last either way.
    if (!isFinite(va) || !isFinite(vb)) return isFinite(va) ? -1 : isFinite(vb) ? 1 : 0;
    return direction * (va - vb);
  });
  const head = el("tr", {}, ...columns.map(c => {
    const sorted = c === column;
    const button = el("button", { type: "button" }, c.name + (sorted ? (sorting.descending ? " ▼" : " ▲") : ""));
    button.addEventListener("click", () => {
      sorting.descending = sorted ? !sorting.descending : !c.text;
      sorting.column = c.name;
      renderTable();
      $("cells-table").querySelector("th[aria-sort] button").focus();
    });
    return el("th", Object.assign({ scope: "col", class: c.text ? "text" : "" },
      sorted ? { "aria-sort": sorting.descending ? "descending" : "ascending" } : {}), button);
  }));
  const body = rows.map(r => el("tr", r.pick ? { class: "picked" } : {}, ...columns.map(c => {
    const v = c.value(r);
    return el("td", c.text ? { class: "text" } : {}, c.show && !c.text ? c.show(v) : String(v));
  })));
  $("cells-table").replaceChildren(el("table", {}, el("caption", { class: "note" }, rows.length + " cells, sorted by " +
    column.name + (sorting.descending ? ", descending" : ", ascending")), el("thead", {}, head), el("tbody", {}, ...body)));
}

// ---- The model's parameters, each with its source ----------------------------------------------
function renderModel() {
  const item = (term, text) => [el("dt", {}, term), el("dd", {}, text)];
  $("model-parameters").replaceChildren(
    el("p", { class: "note" }, "Per request: total = client compress (body ÷ compress speed" +
      (MODEL.compressor === "reused" ? "" : ", plus the cold call's extra for a compressor made per request") +
      ", × device factor) + handshake " +
      "(cold only: " + MODEL.cold_handshake_round_trips + " round trips for TCP and TLS 1.3) + delivery of head and body through " +
      "TCP slow start (first window " + MODEL.initial_window_segments + " × " + MODEL.mss_bytes + " bytes, doubling each round trip " +
      "until the uplink rate limits) + one round trip for the response + what the server's decode adds after the last " +
      "byte. A warm connection restarts from the first window after idle (RFC 5681 §4.1). The run's verdict puts each body " +
      "through this at its own size; the controls' what-if times one body."),
    el("dl", { class: "parameters" },
      ...item("Request head", MODEL.request_head_bytes + " bytes (" + MODEL.request_head_source + ")"),
      ...item("Transport", "HTTP/" + MODEL.http + ", sender congestion control " + MODEL.sender_congestion_control + ", " +
        MODEL.mss_bytes + " B payload + " + MODEL.packet_header_bytes + " B headers per packet (rates are wire rates)"),
      ...item("Accepted codings", MODEL.accept ? MODEL.accept.join(", ") + " (the verdict picks among these)"
        : "every coding (a run written before --accept)"),
      ...MODEL.links.flatMap(l => item("Link " + l.name, rateText(l.uplink_bits_per_second) + " up, " + sig(l.rtt_ms) +
        " ms round trip. Source: " + l.source)),
      ...MODEL.devices.flatMap(d => item("Device " + d.name, (d.label ? d.label + ": " : "") + "compress time " +
        sig(d.compress_slowdown) + "x this machine's (" + (d.modelled === false || d.name === "this" ? "measured" : "modelled") + "). Source: " + d.source)),
      ...energyItems(item)));
}

// The energy model's constants as results.json's `energy` gives them (docs/energy.md): which radio
// each link is sent with, each phone's CPU power, each profile's source. Shown, never used to compute.
function energyItems(item) {
  const energy = DATA.energy;
  if (!energy) return [];
  const tail = (p) => p.tail.reduce((sum, phase) => sum + phase.seconds, 0);
  // The minimum saving as results.json records it (an older file may lack it).
  const minimum = (amount, unit) => amount == null ? "" : " (minimum saving " + short(amount) + " " + unit +
    (MODEL.min_saving_percent == null ? "" : " and " + short(MODEL.min_saving_percent) + " %") + ")";
  return [
    ...item("Objective", MODEL.objective === "energy" ? "energy: the rules weigh the phone's energy per request in " +
      "session" + minimum(MODEL.min_saving_mj, "mJ") + "; rows without energy are decided on time" +
      minimum(MODEL.min_saving_ms, "ms") : "time" + minimum(MODEL.min_saving_ms, "ms")),
    ...energy.links.flatMap(l => item("Radio on " + l.link, (l.profile || "none") + ": " + l.note)),
    ...energy.profiles.flatMap(p => item("Radio profile " + p.name, "promotion " + short(p.promotion_seconds) + " s at " +
      short(p.promotion_watts) + " W; connected " + short(p.base_watts) + " W + " + short(p.uplink_mw_per_mbps) +
      " mW per Mbit/s sent; tail " + short(tail(p)) + " s. Source: " + p.source)),
    ...energy.devices.flatMap(d => item("CPU power of " + d.device, (d.active_watts == null ? "none published"
      : short(d.active_watts) + " W") + ". Source: " + d.source)),
  ];
}

