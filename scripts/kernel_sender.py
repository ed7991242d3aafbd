"""Linux's TCP sender with CUBIC, segment by segment: the Python form of the Swift model's
`KernelSender` and `UploadModel.startWindowSegments` (Sources/Model/Upload), for the checkers'
model (scripts/upload_model.py). Swift is the reference and docs/model.md ("After an idle gap")
the specification; every rule and constant is named there and in the Swift file. PlotModelScriptTests
pins this copy to Swift's windows.
"""

from __future__ import annotations

if __name__ == "__main__":
    # A module the scripts import, not a command: run (with --help or anything else), it says what it is.
    print(__doc__)
    raise SystemExit(0)

import math

# The sender's constants are the run's: results.json's `model.sender` (Swift `SenderConstants`,
# whose home is `KernelSender`, where each names its source in the kernel), passed in as `c`.


def restart_window(window: int, initial_window: int, idle: float, rto: float) -> int:
    """tcp_cwnd_restart (Swift `UploadModel.restartWindowSegments`)."""
    if not (rto > 0 and idle > rto):
        return window
    restart = min(initial_window, window)
    left = idle
    while True:
        left -= rto
        if not (left > 0 and window > restart):
            break
        window >>= 1
    return max(window, restart)


class KernelSender:
    """Swift `KernelSender`, statement for statement."""

    def __init__(self, rate: float, round_trip: float, queue_bytes: float, initial_window: int, constants: dict):
        self.c = constants
        self.rate = rate
        self.round_trip = round_trip
        self.queue_bytes = queue_bytes
        self.initial_window = initial_window
        self.cwnd = initial_window
        self.ssthresh: int | None = None
        self.srtt = 0.0
        self.mdev = 0.0
        self.mdev_max = 0.0
        self.rttvar = 0.0
        self.rto = 1.0
        self.hystart_found = False
        self.delay_min: float | None = None
        self.epoch_start: float | None = None
        self.last_max_window = 0.0
        self.origin_point = 0.0
        self.k = 0.0
        self.ack_count = 0.0
        self.reno_window = 0.0
        self.cwnd_count = 0
        self.clock = 0.0
        self.last_send = 0.0
        self.tail = 0.0
        self.losses = 0
        self._estimate(round_trip + self.c["syn_bytes"] / rate)

    def idle(self, seconds: float) -> None:
        self.clock += seconds
        delta = self.clock - self.last_send
        if delta > self.rto:
            if self.ssthresh is not None:
                self.ssthresh = max(self.ssthresh, (self.cwnd >> 1) + (self.cwnd >> 2))
            self.cwnd = restart_window(self.cwnd, self.initial_window, delta, self.rto)
        if self.epoch_start is not None:
            self.epoch_start = min(self.epoch_start + delta, self.clock)

    def _in_slow_start(self) -> bool:
        return self.ssthresh is None or self.cwnd < self.ssthresh

    def send(self, payloads: list[float], header: float, new_connection: bool) -> None:
        count = len(payloads)
        if count == 0:
            return
        send_time = [0.0] * count
        arrivals: list[tuple[float, int]] = []
        acks: list[tuple[float, int]] = []
        state = {
            "arrival": 0, "ack": 0, "link_free": self.clock, "sent": 0, "una": 0,
            "quick": self.c["quick_acks"] if new_connection else 0, "pending": 0, "rtt_seq": 0, "max_out": 0,
            "limited": False, "usage_seq": 0, "loss_noticed": math.inf, "recovery": None,
        }
        hy = {"end_seq": 0, "start": 0.0, "last_ack": 0.0, "curr": math.inf, "samples": 0}
        response_time = self.clock
        self.losses = 0

        def transmit(now: float) -> None:
            sent_any = False
            while state["sent"] < count and state["sent"] - state["una"] < self.cwnd:
                i = state["sent"]
                wire = payloads[i] + header
                backlog = max(0.0, state["link_free"] - now) * self.rate
                if backlog + wire > self.queue_bytes and state["loss_noticed"] == math.inf:
                    state["loss_noticed"] = now + backlog / self.rate + self.round_trip
                departure = max(now, state["link_free"]) + wire / self.rate
                state["link_free"] = departure
                send_time[i] = now
                arrivals.append((departure + self.round_trip / 2, i))
                state["sent"] += 1
                sent_any = True
            if sent_any:
                self.last_send = now
            out = state["sent"] - state["una"]
            limited = out >= self.cwnd
            if not (sent_any or limited):
                return
            if state["una"] >= state["usage_seq"] or limited or (not state["limited"] and out > state["max_out"]):
                state["limited"] = limited
                state["max_out"] = out
                state["usage_seq"] = state["sent"]

        transmit(self.clock)
        while state["arrival"] < len(arrivals) or state["ack"] < len(acks):
            next_arrival = arrivals[state["arrival"]][0] if state["arrival"] < len(arrivals) else math.inf
            next_ack = acks[state["ack"]][0] if state["ack"] < len(acks) else math.inf
            if next_arrival <= next_ack:
                now, segment = arrivals[state["arrival"]]
                state["arrival"] += 1
                state["pending"] += 1
                if segment == count - 1:
                    response_time = now + self.round_trip / 2
                    acks.append((response_time, count))
                    state["pending"] = 0
                elif state["quick"] > 0 or state["pending"] >= 2:
                    state["quick"] = max(0, state["quick"] - state["pending"])
                    acks.append((now + self.round_trip / 2, segment + 1))
                    state["pending"] = 0
                continue
            now, nxt = acks[state["ack"]]
            state["ack"] += 1
            if nxt <= state["una"]:
                continue
            acked = nxt - state["una"]
            sample = now - send_time[state["una"]]
            newest = now - send_time[nxt - 1]
            state["una"] = nxt
            window_ended = state["una"] > state["rtt_seq"]
            if window_ended:
                state["rtt_seq"] = state["sent"]
            self._estimate(sample, window_ended)
            self._hystart(newest, now, state["una"], state["sent"], hy)
            if state["recovery"] is not None and state["una"] >= state["recovery"]:
                state["recovery"] = None
            if state["recovery"] is None and now >= state["loss_noticed"]:
                self._enter_recovery()
                self.losses += 1
                state["recovery"] = state["sent"]
                state["loss_noticed"] = math.inf
            if state["recovery"] is None and (
                state["limited"] or (self._in_slow_start() and self.cwnd < 2 * state["max_out"])
            ):
                self._congestion_avoidance(acked, now)
            transmit(now)
        self.tail = response_time - self.last_send
        self.clock = response_time

    def _estimate(self, sample: float, window_ended: bool = False) -> None:
        if self.srtt == 0:
            self.srtt = sample
            self.mdev = 2 * sample
            self.rttvar = max(self.mdev, self.c["rto_min_seconds"])
            self.mdev_max = self.rttvar
        else:
            error = sample - self.srtt
            self.srtt += error / 8
            change = abs(error) - self.mdev / 4
            if error < 0 and change > 0:
                change /= 8
            self.mdev += change
            if self.mdev > self.mdev_max:
                self.mdev_max = self.mdev
                self.rttvar = max(self.rttvar, self.mdev_max)
            if window_ended:
                if self.mdev_max < self.rttvar:
                    self.rttvar -= (self.rttvar - self.mdev_max) / 4
                self.mdev_max = self.c["rto_min_seconds"]
        self.rto = min(self.srtt + self.rttvar, self.c["rto_max_seconds"])

    def _hystart(self, delay: float, now: float, una: int, sent: int, hy: dict) -> None:
        if self.epoch_start is not None and now - self.epoch_start < 1:
            return
        self.delay_min = delay if self.delay_min is None else min(self.delay_min, delay)
        if self.hystart_found or not self._in_slow_start() or self.cwnd < self.c["hystart_low_window"]:
            return
        least = self.delay_min
        if una > hy["end_seq"]:
            hy.update(end_seq=sent, start=now, last_ack=now, curr=math.inf, samples=0)
        if now - hy["last_ack"] <= self.c["hystart_ack_delta_seconds"]:
            hy["last_ack"] = now
            if now - hy["start"] > (least + self.c["hystart_ack_delay_seconds"]) / 2:
                self.hystart_found = True
                self.ssthresh = self.cwnd
                return
        hy["curr"] = min(hy["curr"], delay)
        if hy["samples"] < self.c["hystart_min_samples"]:
            hy["samples"] += 1
        elif hy["curr"] > least + min(max(least / 8, self.c["hystart_delay_min_seconds"]), self.c["hystart_delay_max_seconds"]):
            self.hystart_found = True
            self.ssthresh = self.cwnd

    def _enter_recovery(self) -> None:
        window = float(self.cwnd)
        self.epoch_start = None
        self.last_max_window = window * (1 + self.c["cubic_beta"]) / 2 if window < self.last_max_window else window
        reduced = max(int(window * self.c["cubic_beta"]), 2)
        self.ssthresh = reduced
        self.cwnd = reduced

    def _congestion_avoidance(self, acked: int, now: float) -> None:
        if self.ssthresh is None:
            self.cwnd += acked
            return
        if self.cwnd < self.ssthresh:
            grown = min(self.cwnd + acked, self.ssthresh)
            acked -= grown - self.cwnd
            self.cwnd = grown
            if acked <= 0:
                return
        step = max(1, int(self._cubic_count(acked, now)))
        if self.cwnd_count >= step:
            self.cwnd_count = 0
            self.cwnd += 1
        self.cwnd_count += acked
        if self.cwnd_count >= step:
            self.cwnd += self.cwnd_count // step
            self.cwnd_count %= step

    def _cubic_count(self, acked: int, now: float) -> float:
        window = float(self.cwnd)
        self.ack_count += acked
        if self.epoch_start is None:
            self.epoch_start = now
            self.ack_count = float(acked)
            self.reno_window = window
            if self.last_max_window <= window:
                self.k = 0.0
                self.origin_point = window
            else:
                self.k = math.cbrt((self.last_max_window - window) / self.c["cubic_c"])
                self.origin_point = self.last_max_window
        t = now - self.epoch_start + (self.delay_min if self.delay_min is not None else 0.0)
        offset = abs(t - self.k)
        delta = self.c["cubic_c"] * offset * offset * offset
        target = self.origin_point - delta if t < self.k else self.origin_point + delta
        count = window / (target - window) if target > window else 100 * window
        if self.last_max_window == 0:
            count = min(count, self.c["cubic_count_without_loss"])
        reno_step = window * self.c["cubic_beta_scale"] / 8
        while self.ack_count > reno_step:
            self.ack_count -= reno_step
            self.reno_window += 1
        if self.reno_window > window:
            count = min(count, window / (self.reno_window - window))
        return max(count, 2.0)


_STEADY: dict[tuple, int] = {}


def steady_start_window(
    request_bytes: float, payload: float, header: float, initial_window: int, rate: float, round_trip: float,
    queue_bytes: float, idle_seconds: float, constants: dict,
) -> int:
    """Swift `UploadModel.SteadyWindowKey.play`: the connection's first request, then up to 8 more
    after the gap, until the window one starts with repeats."""
    full = int(math.floor(request_bytes / payload))
    last = request_bytes - full * payload
    # The constants are part of the key: two results files read in one process may carry different ones.
    key = (full, last, payload, header, initial_window, rate, round_trip, queue_bytes, idle_seconds,
           tuple(sorted(constants.items())))
    if key in _STEADY:
        return _STEADY[key]
    payloads = [payload] * full + ([last] if last > 0 else [])
    sender = KernelSender(rate, round_trip, queue_bytes, initial_window, constants)
    sender.send(payloads, header, True)
    start = 0
    for request in range(1, 10):
        sender.idle(idle_seconds)
        if request > 1 and sender.cwnd == start:
            break
        start = sender.cwnd
        if request >= 9:
            break
        sender.send(payloads, header, False)
    _STEADY[key] = start
    return start
