// ---- The upload model's formula: one request = one payload (a request body). ---------------
// The page decides nothing: the answer, the verdict rows, the Pareto frontier and the reference
// cell come from the run (results.json, written by Swift). This file only evaluates the time of
// one request under conditions the reader chose (a link slider, their own body size, a device
// factor): Swift's UploadModel.requestTime, term for term, on results.json's `model` object.
// ReportPageFormulaTests pins it to Swift with cases Swift computes, and FormulaAgreementTests
// Swift, this file and scripts/upload_model.py to each other on one grid.
//
// The constants are the run's: results.json's `model.framing` (Swift HTTPFraming, where each has
// its source) carries the transport per HTTP version and the framing's sizes; this file holds
// only the algorithm. Sizes in bytes, rates in bytes per second, times in seconds.

// How request bytes travel under the model's HTTP version (Swift HTTPFraming.transport): payload
// and header bytes per packet on the link, the initial window in packets, and the round trips a
// new connection's handshakes take.
function transport(model) {
  const t = model.framing.transport[model.http];
  return { payload: t.payload_bytes_per_packet, header: t.header_bytes_per_packet, iw: t.initial_window_packets,
    handshakes: t.handshake_round_trips };
}

// Bytes of a QUIC variable-length integer: 1, 2 or 4 below each limit, else 8.
function varintBytes(v, framing) {
  const below = framing.quic_varint_limits.findIndex((limit) => v < limit);
  return 2 ** (below < 0 ? framing.quic_varint_limits.length : below);
}

// HPACK size of a kept-alive request head (Swift HTTPFraming.compressedHeadBytes): the repeated
// fields indexed (+1 for content-encoding), content-length as a literal (name index and length,
// 2 bytes) with Huffman-coded digits (5 bits for 0, 1 and 2, 6 for the others).
function compressedHeadBytes(body, encoded, framing) {
  let bits = 0;
  for (const d of String(Math.round(body))) bits += "012".includes(d) ? 5 : 6;
  return framing.hpack_repeated_fields + (encoded ? 1 : 0) + 2 + Math.floor((bits + 7) / 8);
}

// The request's bytes on the connection (Swift HTTPFraming.requestBytes): HTTP/1.1 as the echo
// server counts them; HTTP/2 with HEADERS and DATA frame headers in TLS 1.3 records; HTTP/3 with
// its frame headers, a type byte and a varint length each, and QPACK's 2-byte prefix (the QUIC
// packets' overhead is per packet, in transport()).
function requestBytes(head, body, encoded, cold, model) {
  const f = model.framing;
  if (model.http === "2") {
    const h = cold ? head : compressedHeadBytes(body, encoded, f);
    const frames = Math.max(1, Math.ceil(body / f.http2_max_frame_payload_bytes));
    const stream = f.http2_frame_header_bytes + h + frames * f.http2_frame_header_bytes + body;
    return stream + Math.max(1, Math.ceil(stream / f.tls_record_plaintext_bytes)) * f.tls_record_overhead_bytes;
  }
  if (model.http === "3") {
    const h = cold ? head : compressedHeadBytes(body, encoded, f);
    return 1 + varintBytes(Math.trunc(h) + 2, f) + 2 + h + 1 + varintBytes(Math.trunc(body), f) + body;
  }
  return head + body;
}

// The window a request starts with, in segments (Swift UploadModel.startWindowSegments): the
// initial window on a new connection, with no idle gap and for HTTP/3; null (the link's rate)
// for a kept-alive BBR sender; with `idle_seconds`, the window Linux leaves a connection sending
// this request every idle_seconds (sender.js), on the model's queue of one BDP and
// results.json's `model.sender` queue packets beyond it.
function startWindowSegments(W, rate, rtt, cold, model) {
  const t = transport(model);
  if (cold) return t.iw;
  if (model.sender_congestion_control === "bbr") return null;
  if (model.idle_seconds == null || model.http === "3" || !(rate > 0) || !(W > 0)) return t.iw;
  const c = model.sender;
  return steadyStartWindow(W, Math.max(1, t.payload), t.header, t.iw, rate, rtt,
    rate * rtt + c.queue_packets * c.queue_packet_bytes, model.idle_seconds, c);
}

// Seconds to push W request bytes through the sender's congestion control (Swift
// UploadModel.deliverSeconds, checked against Linux's TCP): each packet adds its headers on the
// link; slow start from the start window doubles each round, a round lasting the longer of the
// window's serialisation and one RTT plus one (new connection) or two (kept-alive: delayed ACKs)
// packet times; a kept-alive BBR sender keeps its window and sends everything at the link's rate.
function deliverSeconds(W, rate, rtt, cold, model) {
  if (!(rate > 0) || !(W > 0)) return 0;
  const t = transport(model);
  const payload = Math.max(1, t.payload);
  const wire = (b) => (b + Math.ceil(b / payload) * t.header) / rate;
  const start = startWindowSegments(W, rate, rtt, cold, model);
  if (start === null) return wire(W);
  const packet = (payload + t.header) / rate;
  const perAck = cold ? 1 : 2;
  let cwnd = payload * Math.max(1, start);
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

// Seconds the server's decode adds after the body's last byte (Swift
// UploadModel.decodeAfterLastByte): it decodes while it receives, so only the last segment's
// share, or what delivery did not cover, is left.
function decodeAfterLastByte(decode, deliver, wireBytes, segmentBytes) {
  if (!(decode > 0)) return 0;
  const lastSegment = wireBytes > segmentBytes ? decode * segmentBytes / wireBytes : decode;
  return Math.max(lastSegment, decode - deliver);
}

// The parts of one request (Swift UploadModel.requestTime). `request` = { input_bytes,
// wire_bytes, compress_bytes_per_second, decode_bytes_per_second, content_encoding,
// setup_seconds }, the speeds null for identity; `cond` = { uplinkBitsPerSecond, rttMs, cold,
// compressSlowdown }.
function requestTime(request, cond, model) {
  const rate = cond.uplinkBitsPerSecond / 8;
  const rtt = cond.rttMs / 1000;
  const encoded = request.compress_bytes_per_second != null;
  let compress = 0;
  if (encoded) {
    const c = request.compress_bytes_per_second;
    compress = (c > 0 ? request.input_bytes / c * cond.compressSlowdown : 0) +
      Math.max(0, request.setup_seconds || 0) * cond.compressSlowdown;
  }
  const d = request.decode_bytes_per_second;
  const decodeAll = d != null && d > 0 ? request.input_bytes / d : 0;
  const head = model.request_head_bytes + contentEncodingLineBytes(encoded ? request.content_encoding : null);
  const deliver = deliverSeconds(requestBytes(head, request.wire_bytes, encoded, cond.cold, model), rate, rtt,
    cond.cold, model);
  const parts = {
    compress: compress,
    handshake: cond.cold ? transport(model).handshakes * rtt : 0,
    deliver: deliver,
    response: rtt,
    decode: decodeAfterLastByte(decodeAll, deliver, request.wire_bytes, model.mss_bytes),
  };
  parts.total = parts.compress + parts.handshake + parts.deliver + parts.response + parts.decode;
  parts.wireBytes = request.wire_bytes;
  return parts;
}

// One body of `bodyBytes` sent with `cell` (null: uncompressed), as Swift's verdict builds it
// (VerdictCandidate, UploadModel.bodyTotals): the wire size is the body times the cell's output
// over input bytes; a compressor made for each request adds the cold call's extra.
function cellRequest(cell, bodyBytes, model) {
  if (!cell) {
    return { input_bytes: bodyBytes, wire_bytes: bodyBytes, compress_bytes_per_second: null,
      decode_bytes_per_second: null, content_encoding: null, setup_seconds: 0 };
  }
  const perRequest = (model.compressor || "per-request") !== "reused";
  return {
    input_bytes: bodyBytes,
    wire_bytes: bodyBytes * cell.output_bytes / cell.input_bytes,
    compress_bytes_per_second: cell.compress_mbps * 1e6,
    decode_bytes_per_second: cell.decompress_mbps * 1e6,
    content_encoding: cell.content_encoding,
    setup_seconds: perRequest && cell.setup_microseconds ? cell.setup_microseconds / 1e6 : 0,
  };
}

// A cell the formula can time: its output decoded back exactly, it ran on one thread (one request
// body is compressed on one thread), and it has both speeds. (Swift's VerdictCandidate.)
function isTimeable(cell) {
  return cell.verified && cell.threads === 1 && cell.payloads > 0 && cell.output_bytes > 0 &&
    cell.compress_mbps > 0 && cell.decompress_mbps > 0;
}
