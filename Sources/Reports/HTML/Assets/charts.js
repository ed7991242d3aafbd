// ---- SVG helpers --------------------------------------------------------------------------
function svg(tag, attributes, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

// A scale maps a value to a pixel position; a log scale does it on log10 of the value.
function scale(domain, range, log) {
  const f = log ? Math.log10 : (v => v);
  const [d0, d1] = [f(domain[0]), f(domain[1])];
  return v => range[0] + (f(v) - d0) / (d1 - d0 || 1) * (range[1] - range[0]);
}

// Tick values: 1, 2, 5 x 10^k on a log axis (only 10^k when narrow, so labels do not
// collide on a phone); about six round steps on a linear one.
function ticks(domain, log, narrow) {
  const out = [];
  if (log) {
    for (let k = Math.floor(Math.log10(domain[0])); k <= Math.ceil(Math.log10(domain[1])); k++)
      for (const m of narrow ? [1] : [1, 2, 5]) { const v = m * Math.pow(10, k); if (v >= domain[0] && v <= domain[1]) out.push(v); }
    return narrow && out.length < 3 ? ticks(domain, true, false) : out;
  }
  const raw = (domain[1] - domain[0]) / 6;
  const step = [1, 2, 5, 10].map(m => m * Math.pow(10, Math.floor(Math.log10(raw)))).find(s => s >= raw);
  for (let v = Math.ceil(domain[0] / step) * step; v <= domain[1] + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

// The frame of a chart: its size follows the figure's width so text stays readable on a phone.
function frame(figure, xLabel, yLabel) {
  const width = Math.max(320, Math.min(1100, figure.clientWidth || 800));
  const height = Math.round(Math.min(440, Math.max(280, width * 0.55)));
  const box = { left: 64, right: width - 16, top: 24, bottom: height - 48, width: width, height: height };
  const root = svg("svg", { viewBox: "0 0 " + width + " " + height, width: width, height: height });
  root.append(svg("text", { x: (box.left + box.right) / 2, y: height - 8, "text-anchor": "middle" }, xLabel),
    svg("text", { transform: "translate(14 " + (box.top + box.bottom) / 2 + ") rotate(-90)", "text-anchor": "middle" }, yLabel));
  return { root: root, box: box };
}

// Grid lines and tick labels for both axes.
function axes(root, box, x, y, xTicks, yTicks, xText, yText) {
  const group = svg("g", { class: "axis" });
  for (const v of xTicks) group.append(svg("line", { class: "grid", x1: x(v), x2: x(v), y1: box.top, y2: box.bottom }),
    svg("text", { x: x(v), y: box.bottom + 16, "text-anchor": "middle" }, xText(v)));
  for (const v of yTicks) group.append(svg("line", { class: "grid", x1: box.left, x2: box.right, y1: y(v), y2: y(v) }),
    svg("text", { x: box.left - 6, y: y(v) + 4, "text-anchor": "end" }, yText(v)));
  group.append(svg("path", { d: "M" + box.left + " " + box.top + "V" + box.bottom + "H" + box.right, fill: "none" }));
  root.append(group);
}

// A chart with a log x axis and a linear y axis: its frame, both scales and the axes.
function logLinearChart(figure, xLabel, yLabel, xDomain, yDomain, xText) {
  const { root, box } = frame(figure, xLabel, yLabel);
  const x = scale(xDomain, [box.left, box.right], true);
  const y = scale(yDomain, [box.bottom, box.top], false);
  axes(root, box, x, y, ticks(xDomain, true, box.width < 640), ticks(yDomain, false), xText, short);
  return { root: root, box: box, x: x, y: y };
}

// The range of `values` widened on each side by `share` of its span (`floor` when they are all equal).
function paddedDomain(values, share, floor) {
  const pad = (Math.max(...values) - Math.min(...values)) * share || floor;
  return [Math.min(...values) - pad, Math.max(...values) + pad];
}

// ---- Time saved against uplink rate ---------------------------------------------------------
// The settings the run picked, each timed by the formula at every rate with the reader's round
// trip, connection, device and body: the run's recommendation, its gzip pick and zlib 6.
const SERIES_STYLE = [
  { name: "recommended", stroke: "#0b5cad", dash: "" },
  { name: "zlib 6 (the reference)", stroke: "#9a4d00", dash: "8 5" },
  { name: "recommended gzip", stroke: "#116329", dash: "2 4" },
];

function renderSavedChart(set, anchor) {
  const figure = $("saved-chart");
  const cond = conditions();
  const domain = [Math.min(1e5, cond.uplinkBitsPerSecond), Math.max(1e8, cond.uplinkBitsPerSecond)];
  const rates = Array.from({ length: 81 }, (_, i) => domain[0] * Math.pow(domain[1] / domain[0], i / 80));
  const cells = [namedCell(set, anchor, "best"), referenceCell(set), namedCell(set, anchor, "gzip")]
    .map((cell) => (cell && isTimeable(cell) ? cell : null));
  const lines = cells.map((cell) => rates.map((rate) => {
    if (!cell) return null;
    const at = Object.assign({}, cond, { uplinkBitsPerSecond: rate });
    return (modelled(set, null, at).total - modelled(set, cell, at).total) * 1000;
  }));
  const values = lines.flat().filter((v) => v !== null).concat([0]);
  const { root, box, x, y } = logLinearChart(figure, "uplink rate (log scale)", "ms saved per request", domain,
    paddedDomain(values, 0.05, 1), rateText);
  root.append(svg("line", { class: "current", x1: box.left, x2: box.right, y1: y(0), y2: y(0), "stroke-dasharray": "1 2" }));
  MODEL.links.forEach((link, i) => {
    const px = x(link.uplink_bits_per_second);
    if (px < box.left || px > box.right) return;
    root.append(svg("line", { class: "preset", x1: px, x2: px, y1: box.top, y2: box.bottom }),
      svg("text", { x: px + 3, y: box.top + 12 + (i % 3) * 13 }, link.name));
  });
  root.append(svg("line", { class: "current", x1: x(cond.uplinkBitsPerSecond), x2: x(cond.uplinkBitsPerSecond),
    y1: box.top - 8, y2: box.bottom }),
  svg("text", { x: x(cond.uplinkBitsPerSecond), y: box.top - 10, "text-anchor": "middle" }, "your uplink"));
  lines.forEach((points, i) => {
    const style = SERIES_STYLE[i];
    let d = "";
    points.forEach((v, j) => {
      if (v !== null) d += (d && points[j - 1] !== null ? "L" : "M") + x(rates[j]).toFixed(1) + " " + y(v).toFixed(1);
    });
    if (d) root.append(svg("path", { class: "series", d: d, stroke: style.stroke, "stroke-dasharray": style.dash }));
  });
  const here = cells[0] ? (modelled(set, null).total - modelled(set, cells[0]).total) * 1000 : 0;
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", "Milliseconds saved per request against uplink rate for " + set.corpus + " " + set.split +
    "; at your uplink the recommended setting saves " + sig(here) + " ms");
  figure.replaceChildren(root, el("figcaption", { class: "legend" }, ...cells.map((cell, i) => cell === null ? "" :
    el("span", {}, legendLine(SERIES_STYLE[i]), " " + SERIES_STYLE[i].name + ": " + cellName(cell)))));
}

function legendLine(style) {
  return svg("svg", { viewBox: "0 0 36 14", "aria-hidden": "true" },
    svg("line", { x1: 2, x2: 34, y1: 7, y2: 7, stroke: style.stroke, "stroke-width": 3, "stroke-dasharray": style.dash }));
}

// ---- Ratio against compression speed ----------------------------------------------------------
// Each backend has its own marker and colour, from results.json's backend_styles (the same table
// the PNG charts read), so a mark reads without colour.
function backendStyle(backend) {
  return STYLES[backend] || { marker: "circle", color: "#777777" };
}

// A marker's outline, by the names results.json's backend_styles use (matplotlib draws the same
// names in scripts/plotting/style.py).
function markPath(marker, cx, cy, r) {
  const p = (dx, dy) => (cx + dx * r).toFixed(1) + " " + (cy + dy * r).toFixed(1);
  const polygon = (points) => "M" + points.map(([dx, dy]) => p(dx, dy)).join("L") + "Z";
  const around = (n, outer, inner, turn) => Array.from({ length: inner ? 2 * n : n }, (_, i) => {
    const radius = inner && i % 2 ? inner : outer;
    const angle = turn + i * Math.PI / (inner ? n : n / 2);
    return [radius * Math.sin(angle), -radius * Math.cos(angle)];
  });
  const plus = (w) => polygon([[-w, -1], [w, -1], [w, -w], [1, -w], [1, w], [w, w], [w, 1], [-w, 1], [-w, w], [-1, w],
    [-1, -w], [-w, -w]]);
  switch (marker) {
    case "square": return polygon([[-0.85, -0.85], [0.85, -0.85], [0.85, 0.85], [-0.85, 0.85]]);
    case "triangle_up": return polygon([[0, -1.1], [1, 0.8], [-1, 0.8]]);
    case "triangle_down": return polygon([[0, 1.1], [1, -0.8], [-1, -0.8]]);
    case "triangle_left": return polygon([[-1.1, 0], [0.8, -1], [0.8, 1]]);
    case "triangle_right": return polygon([[1.1, 0], [-0.8, -1], [-0.8, 1]]);
    case "diamond": return polygon([[0, -1.2], [1.1, 0], [0, 1.2], [-1.1, 0]]);
    case "plus": return plus(0.35);
    case "x": return polygon(around(4, 1.2, 0.45, Math.PI / 4));
    case "hexagon": return polygon(around(6, 1.1, 0, 0));
    case "star": return polygon(around(5, 1.3, 0.55, 0));
    default: return "M" + p(-1, 0) + "A" + r + " " + r + " 0 1 0 " + p(1, 0) + "A" + r + " " + r + " 0 1 0 " + p(-1, 0) + "Z";
  }
}

// The figures a mark stands for, as one line of text (tooltip and the live region).
function cellDetails(set, cell) {
  const time = isTimeable(cell) ? modelled(set, cell) : null;
  const ci = cell.compress_interval_mbps
    ? " (95 % CI " + sig(cell.compress_interval_mbps[0]) + "–" + sig(cell.compress_interval_mbps[1]) + ")" : "";
  return cellName(cell) + (cell.threads > 1 ? ", " + cell.threads + " threads" : "") + ": ratio " + cell.ratio.toFixed(3) +
    ", " + bytesText(cell.output_bytes / cell.payloads) + " per body; compress " + sig(cell.compress_mbps) + " MB/s" + ci +
    "; decompress " + sig(cell.decompress_mbps) + " MB/s; cold call " + sig(cell.cold_microseconds) + " µs" +
    (time ? "; modelled " + msText(time.total * 1000) + " per request (identity " +
      msText(modelled(set, null).total * 1000) + ")" : "") +
    (cell.pareto ? "; on the Pareto frontier" : "") + (cell.verified ? "; verified by " + cell.verified_with : "; NOT verified");
}

let ratioMarks = [];
let activeMark = -1;

function renderRatioChart(set, anchor) {
  const figure = $("ratio-chart");
  const cells = set.cells.filter(c => c.compress_mbps > 0).sort((a, b) => a.compress_mbps - b.compress_mbps);
  const speeds = cells.map(c => c.compress_mbps);
  const ratios = cells.map(c => c.ratio).concat([1]);
  const xDomain = [Math.min(...speeds) / 1.3, Math.max(...speeds) * 1.3];
  const { root, box, x, y } = logLinearChart(figure, "compression speed, MB/s (log scale)", "compression ratio",
    xDomain, paddedDomain(ratios, 0.06, 0.1), short);
  root.append(svg("line", { class: "current", x1: box.left, x2: box.right, y1: y(1), y2: y(1), "stroke-dasharray": "1 2" }),
    svg("text", { x: box.right - 4, y: y(1) - 4, "text-anchor": "end" }, "ratio 1: no saving"));
  const frontier = cells.filter(c => c.pareto);
  if (frontier.length > 1) root.append(svg("path", { class: "frontier",
    d: frontier.map((c, i) => (i ? "L" : "M") + x(c.compress_mbps).toFixed(1) + " " + y(c.ratio).toFixed(1)).join("") }));
  const picked = namedCell(set, anchor, "best");
  ratioMarks = cells.map(cell => {
    const style = backendStyle(cell.backend);
    const mark = svg("path", { class: "mark", d: markPath(style.marker, x(cell.compress_mbps), y(cell.ratio), 5),
      fill: cell.verified ? style.color : "none", "fill-opacity": 0.8, "data-backend": cell.backend,
      "data-marker": style.marker });
    mark.addEventListener("mouseenter", e => showMark(set, cells.indexOf(cell), e));
    mark.addEventListener("mouseleave", hideTooltip);
    root.append(mark);
    return { cell: cell, node: mark, px: x(cell.compress_mbps), py: y(cell.ratio) };
  });
  if (picked && picked.compress_mbps > 0) {
    const px = x(picked.compress_mbps), py = y(picked.ratio);
    root.append(svg("circle", { cx: px, cy: py, r: 10, fill: "none", stroke: "#1b1f24", "stroke-width": 2 }),
      svg("text", { x: px + (px > box.right - 120 ? -14 : 14), y: py - 10, "text-anchor": px > box.right - 120 ? "end" : "start" },
        "recommended: " + cellName(picked)));
  }
  root.setAttribute("tabindex", "0");
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", "Ratio against compression speed for " + cells.length + " cells of " + set.corpus + " " + set.split +
    ". Use the left and right arrow keys to step through the cells from slowest to fastest.");
  root.addEventListener("keydown", e => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft" && e.key !== "Escape") return;
    e.preventDefault();
    if (e.key === "Escape") { hideTooltip(); return; }
    const next = activeMark < 0 ? 0 : (activeMark + (e.key === "ArrowRight" ? 1 : -1) + ratioMarks.length) % ratioMarks.length;
    showMark(set, next, null);
  });
  root.addEventListener("blur", hideTooltip);
  activeMark = -1;
  const backends = [...new Set(cells.map(c => c.backend))];
  figure.replaceChildren(root, el("figcaption", { class: "legend" }, ...backends.map(name => {
    const style = backendStyle(name);
    return el("span", {}, svg("svg", { viewBox: "0 0 14 14", "aria-hidden": "true", style: "width:14px" },
      svg("path", { d: markPath(style.marker, 7, 7, 5), fill: style.color, stroke: "#1b1f24" })), " " + name);
  }), el("span", {}, legendLine({ stroke: "#0b5cad", dash: "" }), " Pareto frontier"), el("span", {}, "hollow: not verified")));
  $("ratio-details").textContent = "";
}

// Highlights one mark and shows its figures beside it (and in the live region for keyboards).
function showMark(set, index, event) {
  ratioMarks.forEach((m, i) => m.node.classList.toggle("active", i === index));
  activeMark = index;
  const mark = ratioMarks[index];
  const text = cellDetails(set, mark.cell);
  $("ratio-details").textContent = text;
  const tip = $("tooltip");
  tip.textContent = text;
  tip.hidden = false;
  const rect = mark.node.ownerSVGElement.getBoundingClientRect();
  const scaleX = rect.width / mark.node.ownerSVGElement.viewBox.baseVal.width;
  const left = event ? event.pageX : rect.left + window.scrollX + mark.px * scaleX;
  const top = event ? event.pageY : rect.top + window.scrollY + mark.py * scaleX;
  tip.style.left = Math.max(4, Math.min(left + 12, window.scrollX + document.documentElement.clientWidth - 330)) + "px";
  tip.style.top = (top + 14) + "px";
}

function hideTooltip() {
  $("tooltip").hidden = true;
  ratioMarks.forEach(m => m.node.classList.remove("active"));
}

