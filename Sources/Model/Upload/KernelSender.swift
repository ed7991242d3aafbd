import Foundation

/// Linux's TCP sender with CUBIC, segment by segment, over requests on one connection: what a
/// request leaves behind (window, threshold, RTT estimate, RTO) and so the window the next one
/// starts with after an idle gap (`UploadModel.startWindowSegments`). Each rule is the kernel's,
/// named where it lives; what is left out is listed in docs/model.md.
///
/// The link is the model's: a queue of `queueBytes` at the sender's side, drained at `rate`
/// bytes per second of whole packets, then half the round trip to the receiver;
/// acknowledgements and the response take the other half without queueing. Times are seconds,
/// windows segments.
struct KernelSender {
  /// TCP_RTO_MIN (include/net/tcp.h): the floor of the RTT variation term, so RTO >= SRTT + 200 ms.
  static let rtoMinSeconds = 0.2
  /// TCP_RTO_MAX.
  static let rtoMaxSeconds = 120.0
  /// TCP_MAX_QUICKACKS: a receiver acknowledges the first 16 segments of a connection at once
  /// (tcp_event_data_recv, tcp_incr_quickack); later ones every second full segment
  /// (__tcp_ack_snd_check).
  static let quickAcks = 16
  /// tcp_cubic.c: HyStart runs from a window of 16 (hystart_low_window), takes 8 samples per
  /// round (HYSTART_MIN_SAMPLES), exits when the round's least RTT exceeds the least seen by
  /// delay_min / 8 clamped to 4-16 ms (HYSTART_DELAY_THRESH), or when acknowledgements keep
  /// arriving within 2 ms of each other (hystart_ack_delta_us) for more than half of delay_min
  /// plus up to 1 ms (hystart_ack_delay) after the round began.
  static let hystartLowWindow = 16
  static let hystartMinSamples = 8
  static let hystartDelayBounds = 0.004...0.016
  static let hystartAckDeltaSeconds = 0.002
  static let hystartAckDelaySeconds = 0.001
  /// tcp_cubic.c: the cubic curve grows C = 0.4 segments per second cubed (bic_scale 41 x 10 /
  /// 1024); until a loss has set a maximum window, at least one segment per 20 acknowledged
  /// ("increase cwnd 5% per RTT"); the multiplicative decrease is beta = 717 / 1024 and fast
  /// convergence remembers (1 + beta) / 2 of a window lost below the last maximum (RFC 9438
  /// sections 4.2, 4.6, 4.7); the Reno-friendly estimate grows one segment per
  /// cwnd x beta_scale / 8 acknowledged, beta_scale = 8 (1024 + 717) / 3 / (1024 - 717) = 15.
  static let cubicC = 410.0 / 1024
  static let cubicCountWithoutLoss = 20.0
  static let cubicBeta = 717.0 / 1024
  static let cubicBetaScale = 15.0
  /// IPv4 SYN with the options Linux sends (MSS, SACK permitted, timestamps, window scale): its
  /// round trip is the first RTT sample of a new connection.
  static let synBytes = 60.0

  let rate: Double
  let roundTrip: Double
  let queueBytes: Double
  let initialWindow: Int

  // The connection's state (struct tcp_sock and struct bictcp).
  private(set) var cwnd: Int
  /// nil while infinite (TCP_INFINITE_SSTHRESH).
  private(set) var ssthresh: Int?
  private(set) var srtt = 0.0
  /// mdev_us, mdev_max_us and rttvar_us: four times the mean deviation, as Linux keeps them.
  private var mdev = 0.0
  private var mdevMax = 0.0
  private var rttvar = 0.0
  private(set) var rto = 1.0
  private var hystartFound = false
  private var delayMin: Double?
  private var cubic = Cubic()
  private var cwndCount = 0
  /// The connection's clock, and when the last data segment left (lsndtime).
  private var clock = 0.0
  private var lastSend = 0.0
  /// Seconds from the last data segment's departure to the response's arrival, last request.
  private(set) var tail = 0.0
  /// Loss events the queue caused in the last request.
  private(set) var losses = 0

  /// struct bictcp's curve.
  struct Cubic {
    var epochStart: Double?
    var lastMaxWindow = 0.0
    var originPoint = 0.0
    var k = 0.0
    var ackCount = 0.0
    var renoWindow = 0.0
  }

  /// A new connection: the initial window, its handshake's round trip as the first RTT sample
  /// (tcp_ack on the SYN-ACK; CUBIC's own state starts after it, at tcp_init_transfer).
  init(rate: Double, roundTrip: Double, queueBytes: Double, initialWindow: Int) {
    self.rate = rate
    self.roundTrip = roundTrip
    self.queueBytes = queueBytes
    self.initialWindow = initialWindow
    cwnd = initialWindow
    estimateRTT(roundTrip + Self.synBytes / rate)
  }

  // MARK: - Idle

  /// The connection waits `seconds` after the response (the client's gap). Then Linux's
  /// tcp_slow_start_after_idle_check: more than one RTO since the last data segment left ->
  /// tcp_cwnd_restart, which keeps at least 3/4 of the window as the threshold and halves the
  /// window once per RTO passed; CUBIC shifts its epoch by the idle time (CA_EVENT_TX_START).
  mutating func idle(seconds: Double) {
    clock += seconds
    let delta = clock - lastSend
    if delta > rto {
      if let threshold = ssthresh { ssthresh = max(threshold, (cwnd >> 1) + (cwnd >> 2)) }
      cwnd = UploadModel.restartWindowSegments(
        windowSegments: cwnd, initialWindowSegments: initialWindow, idleSeconds: delta, rtoSeconds: rto)
    }
    if let start = cubic.epochStart { cubic.epochStart = min(start + delta, clock) }
  }

  // MARK: - A request

  /// Sends one request of `payloads` (bytes per segment) with `headerBytes` more per packet on
  /// the link, on a new connection (`newConnection`: every segment acknowledged at first) or a
  /// kept-alive one, to the response's arrival.
  ///
  /// A segment that finds the queue full marks a loss, which the sender learns of a round trip
  /// after it left and answers once per window of data (fast recovery: CUBIC's decrease, no
  /// growth until the window is acknowledged). The segment itself still goes through: with SACK
  /// the resent segment keeps the link as busy as the lost one would have, and the link check's
  /// loss cases took the lossless time (docs/model.md).
  mutating func send(payloads: [Double], headerBytes: Double, newConnection: Bool) {
    let count = payloads.count
    guard count > 0 else { return }
    var sendTime = [Double](repeating: 0, count: count)
    var arrivals: [(time: Double, segment: Int)] = []
    arrivals.reserveCapacity(count)
    var acks: [(time: Double, next: Int)] = []
    var arrivalIndex = 0
    var ackIndex = 0
    var linkFree = clock
    var sent = 0
    var unacknowledged = 0
    var quick = newConnection ? Self.quickAcks : 0
    var pending = 0
    var rttSeq = 0
    var maxPacketsOut = 0
    var isCwndLimited = false
    var cwndUsageSeq = 0
    var round = HyStartRound()
    var lossNoticed = Double.infinity
    var recoveryPoint: Int?
    var responseTime = clock
    losses = 0

    func transmit(now: Double) {
      var any = false
      while sent < count && sent - unacknowledged < cwnd {
        let wire = payloads[sent] + headerBytes
        let backlog = max(0, linkFree - now) * rate
        if backlog + wire > queueBytes && lossNoticed == .infinity { lossNoticed = now + backlog / rate + roundTrip }
        let departure = max(now, linkFree) + wire / rate
        linkFree = departure
        sendTime[sent] = now
        arrivals.append((departure + roundTrip / 2, sent))
        sent += 1
        any = true
      }
      if any { lastSend = now }
      // tcp_cwnd_validate after tcp_write_xmit.
      let limited = sent - unacknowledged >= cwnd
      guard any || limited else { return }
      if unacknowledged >= cwndUsageSeq || limited || (!isCwndLimited && sent - unacknowledged > maxPacketsOut) {
        isCwndLimited = limited
        maxPacketsOut = sent - unacknowledged
        cwndUsageSeq = sent
      }
    }

    transmit(now: clock)
    while arrivalIndex < arrivals.count || ackIndex < acks.count {
      let nextArrival = arrivalIndex < arrivals.count ? arrivals[arrivalIndex].time : .infinity
      let nextAck = ackIndex < acks.count ? acks[ackIndex].time : .infinity
      if nextArrival <= nextAck {
        // The receiver: the last segment is answered by the response (which carries its
        // acknowledgement); quick acknowledgements first, then every second segment.
        let (now, segment) = arrivals[arrivalIndex]
        arrivalIndex += 1
        pending += 1
        if segment == count - 1 {
          responseTime = now + roundTrip / 2
          acks.append((responseTime, count))
          pending = 0
        } else if quick > 0 || pending >= 2 {
          quick = max(0, quick - pending)
          acks.append((now + roundTrip / 2, segment + 1))
          pending = 0
        }
        continue
      }
      let (now, next) = acks[ackIndex]
      ackIndex += 1
      guard next > unacknowledged else { continue }
      let acked = next - unacknowledged
      // tcp_clean_rtx_queue: the estimator's sample from the oldest newly acknowledged segment,
      // CUBIC's from the newest.
      let sample = now - sendTime[unacknowledged]
      let newest = now - sendTime[next - 1]
      unacknowledged = next
      let windowEnded = unacknowledged > rttSeq
      if windowEnded { rttSeq = sent }
      estimateRTT(sample, windowEnded: windowEnded)
      hystart(delay: newest, now: now, unacknowledged: unacknowledged, sent: sent, round: &round)
      if let point = recoveryPoint, unacknowledged >= point { recoveryPoint = nil }
      if recoveryPoint == nil && now >= lossNoticed {
        enterRecovery()
        losses += 1
        recoveryPoint = sent
        lossNoticed = .infinity
      }
      let inSlowStart = ssthresh.map { cwnd < $0 } ?? true
      if recoveryPoint == nil && (isCwndLimited || (inSlowStart && cwnd < 2 * maxPacketsOut)) {
        congestionAvoidance(acked: acked, now: now)
      }
      transmit(now: now)
    }
    tail = responseTime - lastSend
    clock = responseTime
  }

  // MARK: - Rules

  /// tcp_rtt_estimator (net/ipv4/tcp_input.c), in seconds: SRTT gains 1/8 of the error; the
  /// deviation term 1/4 of it (an error below SRTT counts an eighth as much); its largest value
  /// in a window raises RTTVAR at once; once per window of data acknowledged (after(snd_una,
  /// rtt_seq)) RTTVAR decays a quarter of the way down to that largest value, which starts again
  /// at TCP_RTO_MIN, so RTTVAR never falls below it. RTO = SRTT + RTTVAR (__tcp_set_rto).
  private mutating func estimateRTT(_ sample: Double, windowEnded: Bool = false) {
    if srtt == 0 {
      srtt = sample
      mdev = 2 * sample
      rttvar = max(mdev, Self.rtoMinSeconds)
      mdevMax = rttvar
    } else {
      let error = sample - srtt
      srtt += error / 8
      var change = abs(error) - mdev / 4
      if error < 0 && change > 0 { change /= 8 }
      mdev += change
      if mdev > mdevMax {
        mdevMax = mdev
        rttvar = max(rttvar, mdevMax)
      }
      if windowEnded {
        if mdevMax < rttvar { rttvar -= (rttvar - mdevMax) / 4 }
        mdevMax = Self.rtoMinSeconds
      }
    }
    rto = min(srtt + rttvar, Self.rtoMaxSeconds)
  }

  /// HyStart's state within a round of slow start (struct bictcp's round fields).
  struct HyStartRound {
    var endSeq = 0
    var start = 0.0
    var lastAck = 0.0
    var currentRTT = Double.infinity
    var samples = 0
  }

  /// cubictcp_acked and hystart_update (net/ipv4/tcp_cubic.c): delay_min is the least RTT seen
  /// (not in the first second of an epoch); in slow start from a window of 16, a round that
  /// shows a standing queue, or a long train of closely spaced acknowledgements, ends slow start
  /// with ssthresh = cwnd. Once found, HyStart stays off for the connection.
  private mutating func hystart(
    delay: Double, now: Double, unacknowledged: Int, sent: Int, round: inout HyStartRound
  ) {
    if let start = cubic.epochStart, now - start < 1 { return }
    delayMin = min(delayMin ?? delay, delay)
    let inSlowStart = ssthresh.map { cwnd < $0 } ?? true
    guard !hystartFound, inSlowStart, cwnd >= Self.hystartLowWindow, let least = delayMin else { return }
    if unacknowledged > round.endSeq {
      round = HyStartRound(endSeq: sent, start: now, lastAck: now)
    }
    if now - round.lastAck <= Self.hystartAckDeltaSeconds {
      round.lastAck = now
      if now - round.start > (least + Self.hystartAckDelaySeconds) / 2 {
        hystartFound = true
        ssthresh = cwnd
        return
      }
    }
    round.currentRTT = min(round.currentRTT, delay)
    if round.samples < Self.hystartMinSamples {
      round.samples += 1
    } else if round.currentRTT
      > least + min(max(least / 8, Self.hystartDelayBounds.lowerBound), Self.hystartDelayBounds.upperBound)
    {
      hystartFound = true
      ssthresh = cwnd
    }
  }

  /// A loss: tcp_enter_recovery asks cubictcp_recalc_ssthresh, which ends the epoch, remembers
  /// the window (less under fast convergence) and returns beta of it; proportional rate reduction
  /// brings the window down to it over the recovery, here at once.
  private mutating func enterRecovery() {
    let window = Double(cwnd)
    cubic.epochStart = nil
    cubic.lastMaxWindow =
      window < cubic.lastMaxWindow ? window * (1 + Self.cubicBeta) / 2 : window
    let reduced = max(Int(window * Self.cubicBeta), 2)
    ssthresh = reduced
    cwnd = reduced
  }

  /// cubictcp_cong_avoid: slow start adds one segment per segment acknowledged up to ssthresh
  /// (tcp_slow_start); past it, bictcp_update's count applied by tcp_cong_avoid_ai.
  private mutating func congestionAvoidance(acked: Int, now: Double) {
    var acked = acked
    guard let threshold = ssthresh else {
      cwnd += acked
      return
    }
    if cwnd < threshold {
      let grown = min(cwnd + acked, threshold)
      acked -= grown - cwnd
      cwnd = grown
      guard acked > 0 else { return }
    }
    let step = max(1, Int(cubicCount(acked: acked, now: now)))
    if cwndCount >= step {
      cwndCount = 0
      cwnd += 1
    }
    cwndCount += acked
    if cwndCount >= step {
      cwnd += cwndCount / step
      cwndCount %= step
    }
  }

  /// bictcp_update: segments acknowledged per segment of growth. The curve starts at the epoch
  /// (the first acknowledgement in congestion avoidance) from the window, or, below the last
  /// maximum, from that maximum K seconds later; t counts from the epoch plus delay_min.
  private mutating func cubicCount(acked: Int, now: Double) -> Double {
    let window = Double(cwnd)
    cubic.ackCount += Double(acked)
    if cubic.epochStart == nil {
      cubic.epochStart = now
      cubic.ackCount = Double(acked)
      cubic.renoWindow = window
      if cubic.lastMaxWindow <= window {
        cubic.k = 0
        cubic.originPoint = window
      } else {
        cubic.k = cbrt((cubic.lastMaxWindow - window) / Self.cubicC)
        cubic.originPoint = cubic.lastMaxWindow
      }
    }
    let t = now - (cubic.epochStart ?? now) + (delayMin ?? 0)
    let offset = abs(t - cubic.k)
    let delta = Self.cubicC * offset * offset * offset
    let target = t < cubic.k ? cubic.originPoint - delta : cubic.originPoint + delta
    var count = target > window ? window / (target - window) : 100 * window
    if cubic.lastMaxWindow == 0 { count = min(count, Self.cubicCountWithoutLoss) }
    let renoStep = window * Self.cubicBetaScale / 8
    while cubic.ackCount > renoStep {
      cubic.ackCount -= renoStep
      cubic.renoWindow += 1
    }
    if cubic.renoWindow > window { count = min(count, window / (cubic.renoWindow - window)) }
    return max(count, 2)
  }
}
