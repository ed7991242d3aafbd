// ---- Controls -------------------------------------------------------------------------------
const $ = (id) => document.getElementById(id);
const toSlider = (value, range) => Math.round(1000 * Math.log(value / range[0]) / Math.log(range[1] / range[0]));
const fromSlider = (position, range) => roundSignificant(range[0] * Math.pow(range[1] / range[0], position / 1000));

function setupControls() {
  const corpora = [...new Set(SETS.map((s) => s.corpus))];
  $("corpus").replaceChildren(...corpora.map((name) => el("option", { value: name }, name)));
  $("device").replaceChildren(...MODEL.devices.map((d) => el("option", { value: d.name },
    d.name + (d.compress_slowdown === 1 ? "" : " (" + (d.label ? d.label + ", " : "") + "compress time " +
      short(d.compress_slowdown) + "x this machine's)"))));
  $("presets").replaceChildren("Link presets:", ...MODEL.links.map((link) => {
    const button = el("button", { type: "button", "data-link": link.name, title: link.source },
      link.name + " (" + rateText(link.uplink_bits_per_second) + ", " + short(link.rtt_ms) + " ms)");
    button.addEventListener("click", () => update({ uplinkBitsPerSecond: link.uplink_bits_per_second, rttMs: link.rtt_ms }));
    return button;
  }));
  $("corpus").addEventListener("change", (e) => update({ corpus: e.target.value,
    split: SETS.find((s) => s.corpus === e.target.value).split }));
  $("split").addEventListener("change", (e) => update({ split: e.target.value }));
  $("uplink").addEventListener("input", (e) => update({ uplinkBitsPerSecond: fromSlider(+e.target.value, UPLINK_RANGE) }));
  $("rtt").addEventListener("input", (e) => update({ rttMs: fromSlider(+e.target.value, RTT_RANGE) }));
  $("warm").addEventListener("change", () => update({ cold: false }));
  $("cold").addEventListener("change", () => update({ cold: true }));
  $("device").addEventListener("change", (e) => {
    const device = MODEL.devices.find((d) => d.name === e.target.value);
    update({ device: device.name, factor: device.compress_slowdown });
  });
  // Typed values apply when they read as a size or a factor; anything else leaves the state and
  // marks the field invalid until corrected.
  $("body").addEventListener("change", (e) => {
    const text = e.target.value.trim();
    const bytes = parseBytes(text);
    e.target.setAttribute("aria-invalid", String(text !== "" && !(bytes > 0)));
    if (text === "") update({ bodyBytes: null });
    else if (bytes > 0) update({ bodyBytes: bytes });
  });
  $("factor").addEventListener("change", (e) => {
    const factor = parseFloat(e.target.value);
    e.target.setAttribute("aria-invalid", String(!(factor > 0)));
    if (factor > 0) update({ factor: factor });
  });
  $("all-sets").addEventListener("change", () => renderTable());
  window.addEventListener("hashchange", () => { readFragment(); render(); });
}

// Shows the state in the controls (after a fragment or a preset changed it).
function showState() {
  $("corpus").value = state.corpus;
  const splits = SETS.filter((s) => s.corpus === state.corpus);
  $("split").replaceChildren(...splits.map((s) => el("option", { value: s.split },
    s.split + " (" + bytesText(meanBody(s)) + " per request)")));
  $("split").value = state.split;
  $("uplink").value = toSlider(state.uplinkBitsPerSecond, UPLINK_RANGE);
  $("uplink-value").textContent = rateText(state.uplinkBitsPerSecond);
  $("rtt").value = toSlider(Math.max(state.rttMs, RTT_RANGE[0]), RTT_RANGE);
  $("rtt-value").textContent = short(state.rttMs) + " ms";
  $(state.cold ? "cold" : "warm").checked = true;
  $("device").value = state.device;
  $("factor").value = String(state.factor);
  $("body").value = state.bodyBytes === null ? "" : bytesText(state.bodyBytes);
  $("body").placeholder = bytesText(meanBody(currentSet())) + " (the set's mean)";
  for (const button of $("presets").querySelectorAll("button")) {
    const link = MODEL.links.find((l) => l.name === button.dataset.link);
    button.setAttribute("aria-pressed", String(link.uplink_bits_per_second === state.uplinkBitsPerSecond &&
      link.rtt_ms === state.rttMs));
  }
}

function update(changes) {
  Object.assign(state, changes);
  render();
}

// ---- The verdict box --------------------------------------------------------------------------
// A decision in results.json's own words (`model.decision_words`), as a heading starts it.
function decisionHeading(decision) {
  const words = MODEL.decision_words[decision] || decision;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function rowSettingId(row, prefix) {
  if (row[prefix + "_backend"] == null) return "";
  if (prefix === "gzip") return row.gzip_backend + ":" + row.gzip_level + ":gzip";
  const dictionary = row[prefix + "_dictionary"];
  return row[prefix + "_backend"] + ":" + row[prefix + "_level"] + ":" + row[prefix + "_container"] +
    (dictionary ? ":" + dictionary : "");
}

function rowSettingName(row, prefix) {
  if (prefix === "gzip") return row.gzip_backend + " " + row.gzip_level + " (gzip)";
  const dictionary = row[prefix + "_dictionary"];
  return row[prefix + "_backend"] + " " + row[prefix + "_level"] + " (" + row[prefix + "_container"] +
    (dictionary ? " + " + dictionary : "") + ")";
}

function whereText(set) {
  const cond = conditions();
  return set.corpus + " / " + set.split + ", " + bytesText(bodyBytes(set)) + " per request" +
    (state.bodyBytes === null ? " (mean)" : " (yours)") + ", on " + rateText(cond.uplinkBitsPerSecond) + " up, " +
    short(cond.rttMs) + " ms round trip, " + (cond.cold ? "cold" : "warm") + " connection, device " + state.device +
    (state.factor === currentDevice().compress_slowdown ? "" : " at your factor " + short(state.factor) + "x");
}

// Rows of [label, total ms, interval low, high, energy]; `energy` (the run's own figures from
// results.json, { in_session, isolated } in mJ, or null) adds two columns when `withEnergy`.
function timesTable(rows, identityMs, withEnergy) {
  const headers = ["Setting", "Time per request", "95 % interval", "Faster by", "Faster by %"]
    .concat(withEnergy ? ["Energy in session", "Energy isolated"] : []);
  const energyCells = (energy) => !withEnergy ? [] : [el("td", {}, energy ? energyText(energy.in_session) : "—"),
    el("td", {}, energy ? energyText(energy.isolated) : "—")];
  return el("table", {}, el("thead", {}, el("tr", {}, ...headers.map((h) => el("th", { scope: "col" }, h)))),
  el("tbody", {}, ...rows.map(([label, totalMs, low, high, energy]) => el("tr", {},
    el("th", { scope: "row", class: "text" }, label), el("td", {}, msText(totalMs)),
    el("td", {}, low == null ? "—" : msText(low) + " – " + msText(high)),
    el("td", {}, msText(identityMs - totalMs)), el("td", {}, sig(100 * (identityMs - totalMs) / identityMs) + " %"),
    ...energyCells(energy)))));
}

// The phone's energy beside the time, as the run's row carries it (results.json's
// verdict[].energy); the page computes no energy. Without one, the reason results.json gives.
function energyNote(row) {
  const energy = row.energy;
  if (!energy) return "No energy for this row: " + energyAbsence(row) + ".";
  const saving = energy.in_session.saving_mj;
  const cpu = energy.cpu_watts == null ? "the CPU left out (no published power for this phone)"
    : "its CPU at " + short(energy.cpu_watts) + " W";
  const shipped = saving == null ? "" : " The recommended setting " + (saving >= 0 ? "saves " + energyText(saving)
    : "costs " + energyText(-saving) + " more") + " per request, " + sig(100 * Math.abs(saving) /
    energy.isolated.identity_mj) + " % of an isolated upload.";
  return "Energy per request on the phone (docs/energy.md): the " + energy.radio + " radio profile and " + cpu +
    "; in session the radio is already up, an isolated request also wakes it and pays its tail, which no setting " +
    "changes." + shipped;
}

// The run's decision at a preset link and a device it modelled: read from its verdict row.
function renderRunVerdict(set, row) {
  const box = $("verdict");
  Object.assign(box.dataset, { source: "run", decision: row.decision || (row.compress ? "compress" : "send_uncompressed"),
    compress: String(row.compress), setting: rowSettingId(row, "best"), gzipSetting: rowSettingId(row, "gzip"),
    identityMs: String(row.identity_ms), bestMs: row.best_ms == null ? "" : String(row.best_ms) });
  const energy = row.energy || null;
  Object.assign(box.dataset, { objective: row.objective || "time",
    identityMj: energy ? String(energy.in_session.identity_mj) : "",
    bestMj: energy && energy.in_session.best_mj != null ? String(energy.in_session.best_mj) : "" });
  const decision = box.dataset.decision;
  const best = row.best_backend != null ? rowSettingName(row, "best") : null;
  const onEnergy = row.objective === "energy" && energy && energy.in_session.saving_mj != null;
  const answer = decision === "compress" && onEnergy
    ? "Compress with " + best + ": saves " + energyText(energy.in_session.saving_mj) + " per request in session, " +
      "faster by " + msText(row.saving_ms) + "."
    : decision === "compress"
    ? "Compress with " + best + ": faster by " + msText(row.saving_ms) + " per request (" + sig(row.saving_pct) + " %)."
    : decision === "send_uncompressed" ? "Send uncompressed: every setting is slower here beyond the noise."
      : "No meaningful difference: " + (best ? "the best setting, " + best + ", is within the noise or the minimum saving of " +
        "sending uncompressed (" + msText(row.saving_ms) + ")." : "no setting makes these bodies smaller.");
  // Each setting's energies as the row records them: identity, the recommended setting and zlib 6.
  const mj = (key) => energy && energy.in_session[key] != null
    ? { in_session: energy.in_session[key], isolated: energy.isolated[key] } : null;
  const sameAsBest = (prefix) => best && rowSettingId(row, prefix) === rowSettingId(row, "best") ? mj("best_mj") : null;
  const rows = [["No compression (identity)", row.identity_ms, null, null, mj("identity_mj")]];
  if (row.zlib6_ms != null) rows.push(["zlib 6 (the reference)" + (row.zlib6_beaten === false ? ", nothing beats it" : ""), row.zlib6_ms, null, null, mj("zlib6_mj")]);
  if (row.gzip_ms != null) rows.push(["Recommended gzip: " + rowSettingName(row, "gzip"), row.gzip_ms, null, null, sameAsBest("gzip")]);
  if (best) rows.push(["Recommended, any encoding: " + best, row.best_ms, row.best_low_ms, row.best_high_ms, mj("best_mj")]);
  if (row.fastest_backend != null) {
    rows.push(["Fastest: " + rowSettingName(row, "fastest"), row.fastest_ms, row.fastest_low_ms, row.fastest_high_ms,
      sameAsBest("fastest")]);
  }
  const ties = row.best_ties && row.best_ties.length > 0
    ? el("p", { class: "note" }, "Tied with the recommended setting: " + row.best_ties.join(", ") + ".") : "";
  const objective = row.objective === "energy"
    ? "Decided on energy: the phone's modelled energy per request in session, with the same rules as time."
    : row.objective_note ? "Decided on time: " + row.objective_note + "." : "";
  box.replaceChildren(el("h2", { id: "verdict-heading" }, "Verdict: " + decisionHeading(decision) +
    (row.objective === "energy" ? " (on energy)" : "")),
    el("p", { class: "note" }, whereText(set)), el("p", { class: "answer" }, answer),
    objective ? el("p", { class: "note", id: "objective-note" }, objective) : "",
    el("div", { class: "table-scroll" }, timesTable(rows, row.identity_ms, !!energy)),
    el("p", { class: "note", id: "energy-note" }, energyNote(row)), ties,
    el("p", { class: "note" }, "The run's own verdict (results.json), decided beyond the noise: totals are means over the " +
      "set's bodies with 95 % intervals from the measured speeds; the recommended setting is zlib 6 unless a setting beats " +
      "it beyond the noise, else the fewest bytes among those that do (docs/verdict.md). Move a control to try other conditions."));
}

// Conditions the run did not model: the settings the run picked, timed by the formula alone.
function renderWhatIf(set, anchor) {
  const box = $("verdict");
  const identity = modelled(set, null);
  const picks = [];
  const add = (label, cell) => {
    if (cell && isTimeable(cell) && !picks.some((p) => p.cell === cell)) picks.push({ label: label, cell: cell });
  };
  const answerCell = namedCell(set, set.answer, "");
  add("The answer's setting: ", answerCell);
  add("Recommended at " + (anchor ? anchor.link + ", " + anchor.device : "the reference") + ": ", namedCell(set, anchor, "best"));
  add("Recommended gzip: ", namedCell(set, anchor, "gzip"));
  add("zlib 6 (the reference): ", referenceCell(set));
  add("Fastest at " + (anchor ? anchor.link + ", " + anchor.device : "the reference") + ": ", namedCell(set, anchor, "fastest"));
  const times = picks.map((p) => ({ label: p.label + cellName(p.cell), cell: p.cell, time: modelled(set, p.cell) }));
  const lead = times[0] || null;
  const saved = lead ? (identity.total - lead.time.total) * 1000 : 0;
  Object.assign(box.dataset, { source: "what-if", decision: "", compress: "", setting: lead ? settingId(lead.cell) : "",
    gzipSetting: "", identityMs: String(identity.total * 1000), bestMs: lead ? String(lead.time.total * 1000) : "",
    objective: "", identityMj: "", bestMj: "" });
  const answer = !lead ? "No setting of this run makes these bodies smaller: send them uncompressed."
    : cellName(lead.cell) + " is modelled " + (saved >= 0 ? "faster by " + msText(saved) : "slower by " + msText(-saved)) +
      " per request than sending uncompressed (" + msText(identity.total * 1000) + ").";
  const rows = [["No compression (identity)", identity.total * 1000, null, null]].concat(
    times.map((t) => [t.label, t.time.total * 1000, null, null]));
  box.replaceChildren(el("h2", { id: "verdict-heading" }, "What if: your conditions"),
    el("p", { class: "note" }, whereText(set)), el("p", { class: "answer" }, answer),
    el("div", { class: "table-scroll" }, timesTable(rows, identity.total * 1000)),
    el("p", { class: "note" }, "The run modelled its link presets and devices; these conditions are not among them, so " +
      "this box times the settings the run picked with the model's formula for one body, at the headline speeds: point " +
      "estimates, no intervals, no new decision. Pick a preset and a device of the run (and clear your body size) for " +
      "its verdict."),
    el("p", { class: "note", id: "energy-note" }, "Energy is left out of a what-if: the page computes none of its " +
      "own. The run's rows carry the phone's energies; pick a preset link and a phone of the run to see them."));
}

// Redraws everything from the state.
function render() {
  showState();
  writeFragment();
  const set = currentSet();
  const row = runRow(set);
  const anchor = row || anchorRow(set);
  if (row) renderRunVerdict(set, row);
  else renderWhatIf(set, anchor);
  renderSavedChart(set, anchor);
  renderRatioChart(set, anchor);
  renderTable();
}
