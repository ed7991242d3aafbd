// ---- Linux's TCP sender after an idle gap (Swift KernelSender, UploadModel.startWindowSegments) --
// Only used when results.json's model has `idle_seconds`: the window a kept-alive request starts
// with when the same request goes every `idle_seconds` after the previous response. Statement for
// statement the Swift sender (Sources/Model/Upload/KernelSender.swift), where every rule and
// constant is named; the constants come from results.json's `model.sender` (a sender's `c`), so
// this file holds only the algorithm. ReportPageFormulaTests pins it to Swift with cases Swift
// computes.

// tcp_cwnd_restart: one halving per whole RTO of idle, down to the initial window.
function restartWindow(windowSegments, initialWindow, idle, rto) {
  if (!(rto > 0 && idle > rto)) return windowSegments;
  const restart = Math.min(initialWindow, windowSegments);
  let w = windowSegments;
  let left = idle;
  for (;;) {
    left -= rto;
    if (!(left > 0 && w > restart)) break;
    w >>= 1;
  }
  return Math.max(w, restart);
}

function makeSender(rate, roundTrip, queueBytes, initialWindow, constants) {
  const s = {
    c: constants, rate: rate, roundTrip: roundTrip, queueBytes: queueBytes, initialWindow: initialWindow,
    cwnd: initialWindow, ssthresh: null, srtt: 0, mdev: 0, mdevMax: 0, rttvar: 0, rto: 1,
    hystartFound: false, delayMin: null, epochStart: null, lastMaxWindow: 0, originPoint: 0, k: 0,
    ackCount: 0, renoWindow: 0, cwndCount: 0, clock: 0, lastSend: 0, tail: 0, losses: 0,
  };
  senderEstimate(s, roundTrip + s.c.syn_bytes / rate, false);
  return s;
}

function senderInSlowStart(s) {
  return s.ssthresh === null || s.cwnd < s.ssthresh;
}

function senderIdle(s, seconds) {
  s.clock += seconds;
  const delta = s.clock - s.lastSend;
  if (delta > s.rto) {
    if (s.ssthresh !== null) s.ssthresh = Math.max(s.ssthresh, (s.cwnd >> 1) + (s.cwnd >> 2));
    s.cwnd = restartWindow(s.cwnd, s.initialWindow, delta, s.rto);
  }
  if (s.epochStart !== null) s.epochStart = Math.min(s.epochStart + delta, s.clock);
}

function senderEstimate(s, sample, windowEnded) {
  if (s.srtt === 0) {
    s.srtt = sample;
    s.mdev = 2 * sample;
    s.rttvar = Math.max(s.mdev, s.c.rto_min_seconds);
    s.mdevMax = s.rttvar;
  } else {
    const error = sample - s.srtt;
    s.srtt += error / 8;
    let change = Math.abs(error) - s.mdev / 4;
    if (error < 0 && change > 0) change /= 8;
    s.mdev += change;
    if (s.mdev > s.mdevMax) {
      s.mdevMax = s.mdev;
      s.rttvar = Math.max(s.rttvar, s.mdevMax);
    }
    if (windowEnded) {
      if (s.mdevMax < s.rttvar) s.rttvar -= (s.rttvar - s.mdevMax) / 4;
      s.mdevMax = s.c.rto_min_seconds;
    }
  }
  s.rto = Math.min(s.srtt + s.rttvar, s.c.rto_max_seconds);
}

function senderHystart(s, delay, now, una, sent, round) {
  if (s.epochStart !== null && now - s.epochStart < 1) return;
  s.delayMin = s.delayMin === null ? delay : Math.min(s.delayMin, delay);
  if (s.hystartFound || !senderInSlowStart(s) || s.cwnd < s.c.hystart_low_window) return;
  const least = s.delayMin;
  if (una > round.endSeq) Object.assign(round, { endSeq: sent, start: now, lastAck: now, curr: Infinity, samples: 0 });
  if (now - round.lastAck <= s.c.hystart_ack_delta_seconds) {
    round.lastAck = now;
    if (now - round.start > (least + s.c.hystart_ack_delay_seconds) / 2) {
      s.hystartFound = true;
      s.ssthresh = s.cwnd;
      return;
    }
  }
  round.curr = Math.min(round.curr, delay);
  if (round.samples < s.c.hystart_min_samples) {
    round.samples += 1;
  } else if (round.curr > least + Math.min(Math.max(least / 8, s.c.hystart_delay_min_seconds), s.c.hystart_delay_max_seconds)) {
    s.hystartFound = true;
    s.ssthresh = s.cwnd;
  }
}

function senderEnterRecovery(s) {
  const w = s.cwnd;
  s.epochStart = null;
  s.lastMaxWindow = w < s.lastMaxWindow ? w * (1 + s.c.cubic_beta) / 2 : w;
  const reduced = Math.max(Math.trunc(w * s.c.cubic_beta), 2);
  s.ssthresh = reduced;
  s.cwnd = reduced;
}

function senderCubicCount(s, acked, now) {
  const w = s.cwnd;
  s.ackCount += acked;
  if (s.epochStart === null) {
    s.epochStart = now;
    s.ackCount = acked;
    s.renoWindow = w;
    if (s.lastMaxWindow <= w) {
      s.k = 0;
      s.originPoint = w;
    } else {
      s.k = Math.cbrt((s.lastMaxWindow - w) / s.c.cubic_c);
      s.originPoint = s.lastMaxWindow;
    }
  }
  const t = now - s.epochStart + (s.delayMin === null ? 0 : s.delayMin);
  const offset = Math.abs(t - s.k);
  const delta = s.c.cubic_c * offset * offset * offset;
  const target = t < s.k ? s.originPoint - delta : s.originPoint + delta;
  let count = target > w ? w / (target - w) : 100 * w;
  if (s.lastMaxWindow === 0) count = Math.min(count, s.c.cubic_count_without_loss);
  const renoStep = w * s.c.cubic_beta_scale / 8;
  while (s.ackCount > renoStep) {
    s.ackCount -= renoStep;
    s.renoWindow += 1;
  }
  if (s.renoWindow > w) count = Math.min(count, w / (s.renoWindow - w));
  return Math.max(count, 2);
}

function senderCongestionAvoidance(s, acked, now) {
  if (s.ssthresh === null) {
    s.cwnd += acked;
    return;
  }
  if (s.cwnd < s.ssthresh) {
    const grown = Math.min(s.cwnd + acked, s.ssthresh);
    acked -= grown - s.cwnd;
    s.cwnd = grown;
    if (acked <= 0) return;
  }
  const step = Math.max(1, Math.trunc(senderCubicCount(s, acked, now)));
  if (s.cwndCount >= step) {
    s.cwndCount = 0;
    s.cwnd += 1;
  }
  s.cwndCount += acked;
  if (s.cwndCount >= step) {
    s.cwnd += Math.trunc(s.cwndCount / step);
    s.cwndCount %= step;
  }
}

function senderSend(s, payloads, header, newConnection) {
  const count = payloads.length;
  if (count === 0) return;
  const sendTime = new Array(count).fill(0);
  const arrivals = [];
  const acks = [];
  let arrivalIndex = 0, ackIndex = 0, linkFree = s.clock, sent = 0, una = 0;
  let quick = newConnection ? s.c.quick_acks : 0, pending = 0, rttSeq = 0, maxOut = 0;
  let limitedFlag = false, usageSeq = 0, lossNoticed = Infinity, recovery = null, responseTime = s.clock;
  const round = { endSeq: 0, start: 0, lastAck: 0, curr: Infinity, samples: 0 };
  s.losses = 0;
  const transmit = (now) => {
    let any = false;
    while (sent < count && sent - una < s.cwnd) {
      const wire = payloads[sent] + header;
      const backlog = Math.max(0, linkFree - now) * s.rate;
      if (backlog + wire > s.queueBytes && lossNoticed === Infinity) lossNoticed = now + backlog / s.rate + s.roundTrip;
      const departure = Math.max(now, linkFree) + wire / s.rate;
      linkFree = departure;
      sendTime[sent] = now;
      arrivals.push([departure + s.roundTrip / 2, sent]);
      sent += 1;
      any = true;
    }
    if (any) s.lastSend = now;
    const limited = sent - una >= s.cwnd;
    if (!any && !limited) return;
    if (una >= usageSeq || limited || (!limitedFlag && sent - una > maxOut)) {
      limitedFlag = limited;
      maxOut = sent - una;
      usageSeq = sent;
    }
  };
  transmit(s.clock);
  while (arrivalIndex < arrivals.length || ackIndex < acks.length) {
    const nextArrival = arrivalIndex < arrivals.length ? arrivals[arrivalIndex][0] : Infinity;
    const nextAck = ackIndex < acks.length ? acks[ackIndex][0] : Infinity;
    if (nextArrival <= nextAck) {
      const [now, segment] = arrivals[arrivalIndex++];
      pending += 1;
      if (segment === count - 1) {
        responseTime = now + s.roundTrip / 2;
        acks.push([responseTime, count]);
        pending = 0;
      } else if (quick > 0 || pending >= 2) {
        quick = Math.max(0, quick - pending);
        acks.push([now + s.roundTrip / 2, segment + 1]);
        pending = 0;
      }
      continue;
    }
    const [now, next] = acks[ackIndex++];
    if (next <= una) continue;
    const acked = next - una;
    const sample = now - sendTime[una];
    const newest = now - sendTime[next - 1];
    una = next;
    const windowEnded = una > rttSeq;
    if (windowEnded) rttSeq = sent;
    senderEstimate(s, sample, windowEnded);
    senderHystart(s, newest, now, una, sent, round);
    if (recovery !== null && una >= recovery) recovery = null;
    if (recovery === null && now >= lossNoticed) {
      senderEnterRecovery(s);
      s.losses += 1;
      recovery = sent;
      lossNoticed = Infinity;
    }
    if (recovery === null && (limitedFlag || (senderInSlowStart(s) && s.cwnd < 2 * maxOut))) {
      senderCongestionAvoidance(s, acked, now);
    }
    transmit(now);
  }
  s.tail = responseTime - s.lastSend;
  s.clock = responseTime;
}

const STEADY_WINDOWS = new Map();

// The connection's first request, then up to 8 more after the gap, until the window one starts
// with repeats (Swift UploadModel.SteadyWindowKey.play).
function steadyStartWindow(requestBytes, payload, header, initialWindow, rate, roundTrip, queueBytes, idle, constants) {
  const full = Math.floor(requestBytes / payload);
  const last = requestBytes - full * payload;
  const key = [full, last, payload, header, initialWindow, rate, roundTrip, queueBytes, idle].join(",");
  if (STEADY_WINDOWS.has(key)) return STEADY_WINDOWS.get(key);
  const payloads = new Array(full).fill(payload);
  if (last > 0) payloads.push(last);
  const s = makeSender(rate, roundTrip, queueBytes, initialWindow, constants);
  senderSend(s, payloads, header, true);
  let start = 0;
  for (let request = 1; request <= 9; request++) {
    senderIdle(s, idle);
    if (request > 1 && s.cwnd === start) break;
    start = s.cwnd;
    if (request >= 9) break;
    senderSend(s, payloads, header, false);
  }
  STEADY_WINDOWS.set(key, start);
  return start;
}
