"""The energy model recomputed in Python from results.json's `energy`, for the checkers only:
scripts/verdict_check.py recomputes every verdict row's energies with it, and re-decides the rows
of an `--objective energy` run on them.

The Swift energy model (Sources/Model/Energy) is the reference and docs/energy.md the
specification; this module holds no constant of its own: every power and timer is read from
results.json's `energy.profiles`, `energy.links` and `energy.devices`. Per request, from the
upload model's timeline (scripts/upload_model.py's terms, regrouped by what the phone does):

    in_session = (beta + alpha_up x u / 1000) x sending + beta x waiting + CPU watts x client CPU
    isolated   = promotion + in_session + tail
    u = link bytes (packet headers included) x 8 / sending seconds / 10^6     (Mbit/s)
    waiting = handshakes + the response's round trip + the decode after the last byte
"""

from __future__ import annotations

if __name__ == "__main__":
    # A module the scripts import, not a command: run (with --help or anything else), it says what it is.
    print(__doc__)
    raise SystemExit(0)

from dataclasses import dataclass

ISOLATED, IN_SESSION = "isolated", "in_session"


def _phase_joules(phase: dict) -> float:
    """Swift `TailPhase.joules`: a ping of `ping_seconds` at `ping_watts` every period, else `watts`."""
    period, ping = float(phase.get("ping_period_seconds", 0)), float(phase.get("ping_seconds", 0))
    seconds, watts = float(phase["seconds"]), float(phase["watts"])
    if period <= 0 or ping <= 0:
        return seconds * watts
    return seconds / period * (ping * float(phase["ping_watts"]) + (period - ping) * watts)


@dataclass(frozen=True)
class Radio:
    """One of `energy.profiles` (Swift `RadioProfile`), with its promotion and tail in joules."""

    name: str
    base_watts: float
    uplink_mw_per_mbps: float
    downlink_mw_per_mbps: float
    promotion_joules: float
    tail_joules: float

    @classmethod
    def from_json(cls, record: dict) -> "Radio":
        tail = 0.0
        for phase in record.get("tail") or []:
            tail += _phase_joules(phase)
        return cls(
            name=record["name"],
            base_watts=float(record["base_watts"]),
            uplink_mw_per_mbps=float(record["uplink_mw_per_mbps"]),
            downlink_mw_per_mbps=float(record["downlink_mw_per_mbps"]),
            promotion_joules=float(record["promotion_seconds"]) * float(record["promotion_watts"]),
            tail_joules=tail,
        )

    def transfer_watts(self, uplink_mbps: float) -> float:
        """Huang et al.'s P = beta + (alpha_up u + alpha_down d) / 1000; the downlink carries acknowledgements only."""
        return self.base_watts + (self.uplink_mw_per_mbps * uplink_mbps + self.downlink_mw_per_mbps * 0.0) / 1000


@dataclass(frozen=True)
class RequestEnergy:
    """Swift `RequestEnergy`: one request's energy by part, joules."""

    promotion: float
    sending: float
    waiting: float
    tail: float
    cpu: float

    def total(self, scenario: str) -> float:
        session = self.sending + self.waiting + self.cpu
        return self.promotion + session + self.tail if scenario == ISOLATED else session

    @classmethod
    def of(cls, cpu_seconds: float, sending_seconds: float, link_bytes: float, waiting_seconds: float, radio: Radio, cpu_watts: float | None) -> "RequestEnergy":
        """One request's timeline priced on `radio`, the CPU at `cpu_watts` (None: left out)."""
        uplink_mbps = link_bytes * 8 / sending_seconds / 1e6 if sending_seconds > 0 else 0.0
        return cls(
            promotion=radio.promotion_joules,
            sending=radio.transfer_watts(uplink_mbps) * sending_seconds,
            waiting=radio.base_watts * waiting_seconds,
            tail=radio.tail_joules,
            cpu=(cpu_watts or 0.0) * cpu_seconds,
        )

    @classmethod
    def mean(cls, energies: list["RequestEnergy"]) -> "RequestEnergy":
        """Part by part, as Swift sums and divides them."""
        count = float(max(len(energies), 1))
        sums = [0.0] * 5
        for each in energies:
            sums = [total + part for total, part in zip(sums, (each.promotion, each.sending, each.waiting, each.tail, each.cpu))]
        return cls(*(total / count for total in sums))


class EnergyModel:
    """results.json's `energy`: the radio each link is sent with and each phone's CPU power."""

    def __init__(self, record: dict | None):
        record = record or {}
        self.radios = {profile["name"]: Radio.from_json(profile) for profile in record.get("profiles") or []}
        self.links = {link["link"]: link.get("profile") for link in record.get("links") or []}
        self.devices = {device["device"]: device.get("active_watts") for device in record.get("devices") or []}

    def condition(self, link: str, device: str) -> tuple[Radio, float | None] | None:
        """Swift `EnergyCondition(link:device:)`: the radio and the CPU power, or None where the
        energy is not modelled (a device that is not a phone, a link whose radio is unknown)."""
        radio = self.radios.get(self.links.get(link) or "")
        if device not in self.devices or radio is None:
            return None
        return radio, self.devices[device]

    def weighs(self, link: str, device: str) -> bool:
        """Whether `--objective energy` decides this link and device on energy: it needs the radio
        and the phone's CPU power (docs/energy.md)."""
        condition = self.condition(link, device)
        return condition is not None and condition[1] is not None
