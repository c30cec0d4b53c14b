"""Machine time from a program's own moves, and what a sheet, a board and a batch cost.

Every move is planned as a controller plans it: a trapezoid (accelerate at the machine's
``acceleration``, cruise at the move's feed — never above ``max_feed`` — or at the rapid rate,
decelerate), its entry and exit speeds limited by the corner to the next move (GRBL's
junction-deviation rule, :data:`JUNCTION_DEVIATION`) and by what the acceleration allows over
the moves before and after (a backward and a forward pass). A change between rapid and feed,
and every drilling cycle's turn at the bottom, stops the tool. Tool changes take
``motion.tool_change`` seconds; loading, zeroing and unloading a sheet
``rates.setup_minutes``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from plywright.cam.machine import Machine
from plywright.cam.post import RETRACT_CLEARANCE
from plywright.cam.toolpath import Cycle, Job, Move

JUNCTION_DEVIATION = 0.01
"""mm: how far a corner may be rounded at speed (GRBL's default $11)."""

Point3 = tuple[float, float, float]


def cycle_moves(cycle: Cycle) -> list[Move]:
    """The moves of a drilling cycle from the R plane over the hole (as G83 / G81 make them)."""
    out: list[Move] = []
    peck = cycle.peck or (cycle.r - cycle.z)
    depth = cycle.r
    while depth > cycle.z + 1e-9:
        target = max(cycle.z, depth - peck)
        if depth < cycle.r:
            out.append(Move(cycle.x, cycle.y, depth + RETRACT_CLEARANCE))
        out.append(Move(cycle.x, cycle.y, target, cycle.feed))
        out.append(Move(cycle.x, cycle.y, cycle.r))
        depth = target
    return out


def job_moves(job: Job, start: Point3, safe: float) -> list[Move]:
    """Every straight move of ``job`` from ``start`` (cycles expanded, each reached by a rapid
    at its R plane)."""
    out: list[Move] = []
    for step in job.steps:
        if isinstance(step, Cycle):
            out.append(Move(step.x, step.y, max(step.r, safe)))
            out += cycle_moves(step)
        else:
            out.append(step)
    return out


def move_seconds(moves: Sequence[Move], start: Point3, machine: Machine) -> float:
    """Seconds the moves take from ``start``, planned as trapezoids (see the module)."""
    accel = machine.motion.acceleration
    rapid = machine.motion.rapid / 60
    top = machine.motion.max_feed / 60
    segments: list[tuple[float, float, Point3, bool]] = []  # length, cruise, unit, rapid
    here = start
    for m in moves:
        d = (m.x - here[0], m.y - here[1], m.z - here[2])
        length = math.sqrt(d[0] ** 2 + d[1] ** 2 + d[2] ** 2)
        here = (m.x, m.y, m.z)
        if length < 1e-9:
            continue
        cruise = rapid if m.rapid else min(m.feed / 60, top)
        segments.append((length, cruise, (d[0] / length, d[1] / length, d[2] / length), m.rapid))
    if not segments:
        return 0.0
    n = len(segments)
    junction = [0.0] * (n + 1)  # speed at the start of segment i (0 at both ends)
    for i in range(1, n):
        _, a_v, a_u, a_rapid = segments[i - 1]
        _, b_v, b_u, b_rapid = segments[i]
        if a_rapid != b_rapid:
            continue
        cos_theta = -(a_u[0] * b_u[0] + a_u[1] * b_u[1] + a_u[2] * b_u[2])
        if cos_theta > 0.999999:  # turning back
            continue
        limit = min(a_v, b_v)
        if cos_theta > -0.999999:
            half = math.sqrt(0.5 * (1.0 - cos_theta))
            limit = min(limit, math.sqrt(accel * JUNCTION_DEVIATION * half / (1.0 - half)))
        junction[i] = limit
    for i in range(n - 1, -1, -1):  # backward: able to slow down in time
        junction[i] = min(junction[i], math.sqrt(junction[i + 1] ** 2 + 2 * accel * segments[i][0]))
    for i in range(n):  # forward: able to speed up in time
        junction[i + 1] = min(
            junction[i + 1], math.sqrt(junction[i] ** 2 + 2 * accel * segments[i][0])
        )
    total = 0.0
    for i, (length, cruise, _, _) in enumerate(segments):
        total += trapezoid(length, junction[i], junction[i + 1], cruise, accel)
    return total


def trapezoid(length: float, v0: float, v1: float, cruise: float, accel: float) -> float:
    """Seconds to move ``length`` mm entering at ``v0`` and leaving at ``v1`` (mm/s), at most
    ``cruise``, accelerating and braking at ``accel``."""
    v0, v1 = min(v0, cruise), min(v1, cruise)
    up = (cruise**2 - v0**2) / (2 * accel)
    down = (cruise**2 - v1**2) / (2 * accel)
    if up + down <= length:
        return (cruise - v0) / accel + (cruise - v1) / accel + (length - up - down) / cruise
    peak = math.sqrt(max(v0**2, v1**2, (2 * accel * length + v0**2 + v1**2) / 2))
    return (peak - v0) / accel + (peak - v1) / accel


@dataclass(frozen=True)
class JobTime:
    """One job's seconds: its moves, and the tool change before it."""

    job: Job
    seconds: float
    change: float


def sheet_times(jobs: Sequence[Job], machine: Machine) -> list[JobTime]:
    """Each job's time on one sheet, in order (moves between jobs counted in the later job)."""
    clearance = machine.heights.clearance
    here: Point3 = (0.0, 0.0, clearance)
    out = []
    for job in jobs:
        moves = [Move(here[0], here[1], clearance), *job_moves(job, here, machine.heights.safe)]
        last = moves[-1]
        moves.append(Move(last.x, last.y, clearance))
        out.append(JobTime(job, move_seconds(moves, here, machine), machine.motion.tool_change))
        here = (last.x, last.y, clearance)
    return out


def feed_only_seconds(jobs: Sequence[Job], machine: Machine) -> float:
    """The naive figure (every move at its feed or the rapid rate, no acceleration): what the
    trapezoids are compared with in the tests."""
    here: Point3 = (0.0, 0.0, machine.heights.clearance)
    total = 0.0
    for job in jobs:
        for m in job_moves(job, here, machine.heights.safe):
            length = math.dist(here, (m.x, m.y, m.z))
            rate = machine.motion.rapid if m.rapid else min(m.feed, machine.motion.max_feed)
            total += 60 * length / rate
            here = (m.x, m.y, m.z)
    return total
