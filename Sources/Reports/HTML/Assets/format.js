"use strict";
// ---- Formatting -----------------------------------------------------------------------
// Three significant figures without exponent, as NumberText.significant does in Swift.
function sig(value) {
  if (!isFinite(value)) return "—";
  if (value === 0) return "0";
  const decimals = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(value))));
  return value.toFixed(decimals);
}

// sig without trailing zeros, for labels: 60 -> "60", 12.6 -> "12.6", 1.50 -> "1.5".
function short(value) { return sig(value).replace(/\.0+$|(\.\d*?)0+$/, "$1"); }

function msText(milliseconds) { return sig(milliseconds) + " ms"; }

// An energy given in millijoules, as NumberText.energy says it: "0.931 mJ", "222 mJ", "11.5 J".
function energyText(millijoules) {
  return Math.abs(millijoules) < 1000 ? sig(millijoules) + " mJ" : sig(millijoules / 1000) + " J";
}

function bytesText(bytes) {
  if (Math.abs(bytes) >= 1e6) return sig(bytes / 1e6) + " MB";
  if (Math.abs(bytes) >= 1e3) return sig(bytes / 1e3) + " kB";
  return Math.round(bytes) + " B";
}

// Rates as people say them: "400 kbit/s", "12.6 Mbit/s".
const RATE_UNITS = [["Gbit", 1e9], ["Mbit", 1e6], ["kbit", 1e3], ["bit", 1]];
function rateParts(bitsPerSecond) {
  const unit = RATE_UNITS.find(u => bitsPerSecond >= u[1]) || RATE_UNITS[RATE_UNITS.length - 1];
  return [short(bitsPerSecond / unit[1]), unit[0]];
}
function rateText(bitsPerSecond) { const p = rateParts(bitsPerSecond); return p[0] + " " + p[1] + "/s"; }
// The fragment's spelling: "400kbit", "12.6Mbit".
function rateToken(bitsPerSecond) { return rateParts(bitsPerSecond).join(""); }

// "1Mbit", "400 kbit/s", "2.5mbps", "800000" (bit/s) -> bits per second; NaN when unreadable.
function parseRate(text) {
  const m = /^\s*([0-9]*\.?[0-9]+)\s*([kmg]?)(bit|b)?(\/s|ps)?\s*$/i.exec(text || "");
  if (!m) return NaN;
  return parseFloat(m[1]) * ({ "": 1, k: 1e3, m: 1e6, g: 1e9 })[m[2].toLowerCase()];
}

// "100ms", "0.4s", "60" (ms) -> milliseconds; NaN when unreadable.
function parseMilliseconds(text) {
  const m = /^\s*([0-9]*\.?[0-9]+)\s*(ms|s)?\s*$/i.exec(text || "");
  if (!m) return NaN;
  return parseFloat(m[1]) * ((m[2] || "ms").toLowerCase() === "s" ? 1000 : 1);
}

function msToken(milliseconds) { return short(milliseconds) + "ms"; }

// "12kB", "1.5 MB", "800" (bytes) -> bytes; NaN when unreadable. Decimal units, as bytesText.
function parseBytes(text) {
  const m = /^\s*([0-9]*\.?[0-9]+)\s*([kmg]?)b?\s*$/i.exec(text || "");
  if (!m) return NaN;
  return parseFloat(m[1]) * ({ "": 1, k: 1e3, m: 1e6, g: 1e9 })[m[2].toLowerCase()];
}

// The fragment's spelling of a size: "12kB", "1.5MB", "800B"; the exact byte count when three
// significant figures would not read back as the same size.
function bytesToken(bytes) {
  const token = bytes >= 1e6 ? short(bytes / 1e6) + "MB" : bytes >= 1e3 ? short(bytes / 1e3) + "kB" : short(bytes) + "B";
  return parseBytes(token) === bytes ? token : String(bytes);
}

// Three significant figures, for values read off a slider.
function roundSignificant(value) {
  const scale = Math.pow(10, Math.floor(Math.log10(value)) - 2);
  return Math.round(value / scale) * scale;
}

// A cell as people name it: "libdeflate 6 (gzip)".
function cellName(cell) {
  return cell.backend + " " + cell.level + " (" + cell.container + (cell.dictionary ? " + " + cell.dictionary : "") + ")";
}

// Builds an element: el("td", { class: "text" }, "zlib", childNode).
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}


function compareText(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
