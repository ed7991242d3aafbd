// ---- The run's data and what the reader chose, mirrored in the URL fragment ------------------
const DATA = JSON.parse(document.getElementById("results-data").textContent);
const MODEL = DATA.model;
// Each backend's colour and marker, from results.json's backend_styles (Swift's one table).
const STYLES = Object.fromEntries((DATA.backend_styles || []).map((s) => [s.backend, s]));
// Sliders move on a log scale: uplink 100 kbit/s to 1 Gbit/s, round trip 1 ms to 2 s.
const UPLINK_RANGE = [1e5, 1e9];
const RTT_RANGE = [1, 2000];

// The payload sets, in the run's order, with their cells, the run's verdict rows and answer.
const SETS = DATA.corpora.map((set) => ({
  corpus: set.name, split: set.split, input_bytes: set.bytes, payloads: set.payloads,
  cells: DATA.cells.filter((c) => c.corpus === set.name && c.split === set.split),
  rows: (DATA.verdict || []).filter((r) => r.corpus === set.name && r.split === set.split),
  answer: (DATA.answer || []).find((a) => a.corpus === set.name && a.split === set.split) || null,
})).filter((set) => set.cells.length > 0);

// `bodyBytes` null: the set's mean body. `factor`: the client's compress time over this
// machine's, the chosen device's unless the reader typed their own.
const state = { corpus: "", split: "", uplinkBitsPerSecond: 0, rttMs: 0, cold: false, device: "this", factor: 1,
  bodyBytes: null };

function currentSet() {
  return SETS.find((s) => s.corpus === state.corpus && s.split === state.split) || SETS[0];
}
function currentDevice() {
  return MODEL.devices.find((d) => d.name === state.device) || MODEL.devices[0];
}
function meanBody(set) {
  return set.input_bytes / set.payloads;
}
function bodyBytes(set) {
  return state.bodyBytes === null ? meanBody(set) : state.bodyBytes;
}
function conditions() {
  return { uplinkBitsPerSecond: state.uplinkBitsPerSecond, rttMs: state.rttMs, cold: state.cold,
    compressSlowdown: state.factor };
}

// The modelled parts of one request of `set` sent with `cell` (null: uncompressed) under the
// reader's conditions, or `cond` when given (the chart's other rates).
function modelled(set, cell, cond) {
  return requestTime(cellRequest(cell, bodyBytes(set), MODEL), cond || conditions(), MODEL);
}

// The link preset the conditions are exactly at, or null.
function presetLink() {
  return MODEL.links.find((l) => l.uplink_bits_per_second === state.uplinkBitsPerSecond && l.rtt_ms === state.rttMs) ||
    null;
}

// The run's own verdict row for these conditions: a preset link, one of the run's devices at its
// own factor, the run's connection and the set's own bodies. Otherwise null: a what-if.
function runRow(set) {
  const link = presetLink();
  const device = currentDevice();
  if (!link || state.bodyBytes !== null || state.factor !== device.compress_slowdown ||
    state.cold !== (MODEL.connection === "cold")) return null;
  return set.rows.find((r) => r.link === link.name && r.device === device.name) || null;
}

// The row whose picks a what-if times: this link and device's if the run has them, else the
// reference link and device the run's answers speak for (results.json's model), with or
// without an answer for the set.
function anchorRow(set) {
  const link = presetLink();
  const linkName = link ? link.name : MODEL.reference_link;
  const deviceName = state.factor === currentDevice().compress_slowdown ? state.device : MODEL.reference_device;
  return set.rows.find((r) => r.link === linkName && r.device === deviceName) ||
    set.rows.find((r) => r.link === MODEL.reference_link && r.device === MODEL.reference_device) || null;
}

// Why a run's row carries no energy, in results.json's own words (its `energy` object): the
// measuring machine is not a phone, or the link's radio is unknown.
function energyAbsence(row) {
  if (!DATA.energy) return "this results.json has no energy model (written before it existed)";
  if (!DATA.energy.devices.some((d) => d.device === row.device)) return "the measuring machine is not a phone";
  const link = DATA.energy.links.find((l) => l.link === row.link);
  return link ? link.note : "link " + row.link + " has no radio profile";
}

// `backend:level:container`, with `:dictionary` for a dictionary cell: the form data-setting and
// the tests use.
function settingId(cell) {
  return cell.backend + ":" + cell.level + ":" + cell.container + (cell.dictionary ? ":" + cell.dictionary : "");
}

// The cell a verdict row or answer names by `prefix` (`best`, `fastest`, `gzip`, or "" for an
// answer's own setting); gzip picks are gzip-container cells without a dictionary.
function namedCell(set, record, prefix) {
  if (!record) return null;
  const key = (name) => record[prefix ? prefix + "_" + name : name];
  const backend = key("backend");
  if (backend == null) return null;
  const container = prefix === "gzip" ? "gzip" : key("container");
  const dictionary = prefix === "gzip" ? null : key("dictionary") || null;
  return set.cells.find((c) => c.threads === 1 && c.backend === backend && c.level === key("level") &&
    c.container === container && (c.dictionary || null) === dictionary) || null;
}

// The reference setting (zlib 6 without a dictionary), as Swift marked it.
function referenceCell(set) {
  return set.cells.find((c) => c.reference && c.threads === 1) || null;
}

// Starting values: the answer's reference link and device, which results.json's model names (so
// the page opens on the answer, with or without an answer for the first set), the run's
// connection, the first payload set; then whatever the fragment says.
function readFragment() {
  const start = MODEL.links.find((l) => l.name === MODEL.reference_link);
  const device = MODEL.devices.find((d) => d.name === MODEL.reference_device);
  Object.assign(state, { corpus: SETS[0].corpus, split: SETS[0].split, uplinkBitsPerSecond: start.uplink_bits_per_second,
    rttMs: start.rtt_ms, cold: MODEL.connection === "cold", device: device.name, factor: device.compress_slowdown,
    bodyBytes: null });
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  const link = MODEL.links.find((l) => l.name === params.get("link"));
  if (link) Object.assign(state, { uplinkBitsPerSecond: link.uplink_bits_per_second, rttMs: link.rtt_ms });
  if (SETS.some((s) => s.corpus === params.get("corpus"))) {
    state.corpus = params.get("corpus");
    state.split = SETS.find((s) => s.corpus === state.corpus).split;
  }
  if (SETS.some((s) => s.corpus === state.corpus && s.split === params.get("split"))) state.split = params.get("split");
  const uplink = parseRate(params.get("uplink"));
  if (uplink > 0) state.uplinkBitsPerSecond = uplink;
  const rtt = parseMilliseconds(params.get("rtt"));
  if (rtt >= 0) state.rttMs = rtt;
  if (params.get("connection") === "cold" || params.get("connection") === "warm") {
    state.cold = params.get("connection") === "cold";
  }
  const named = MODEL.devices.find((d) => d.name === params.get("device"));
  if (named) Object.assign(state, { device: named.name, factor: named.compress_slowdown });
  const factor = parseFloat(params.get("factor"));
  if (factor > 0) state.factor = factor;
  const body = parseBytes(params.get("body"));
  if (body > 0) state.bodyBytes = body;
}

// Writes the state back, so the address bar always holds a link to this exact view.
function writeFragment() {
  const values = { corpus: state.corpus, split: state.split, uplink: rateToken(state.uplinkBitsPerSecond),
    rtt: msToken(state.rttMs), connection: state.cold ? "cold" : "warm", device: state.device };
  if (state.factor !== currentDevice().compress_slowdown) values.factor = String(state.factor);
  if (state.bodyBytes !== null) values.body = bytesToken(state.bodyBytes);
  const hash = "#" + new URLSearchParams(values).toString();
  if (location.hash !== hash) history.replaceState(null, "", hash);
}
