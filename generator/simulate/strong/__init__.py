"""Strong play and exploit probes of a check (``check --probes none|quick|full``).

After the check's own games (the default agents), the probes' matchups are played, all seeded
from the check's seed, on the same backend, in **rounds** (:mod:`plywright.simulate.probe_rounds`):
each round every matchup still wanted plays its batch of games (:data:`plan.BATCH`; a ladder
rung's seats share one), up to its budget. A ladder rung, a spoiler pair or a restricted kind
stops as soon as its test decides either way; strong self-play and the strong-seat probe play
their whole budget. These tests are Wald's SPRT (:mod:`plywright.simulate.sprt`: valid under
optional stopping, errors ``probe_alpha`` both ways), decided by its first crossing along the
matchup's seeded games, so a level that plays more games never reverses a level that played
fewer. ``full``'s budgets are four times ``quick``'s, and ``full`` adds two probes (below). A
spoiler probe still undecided at its budget makes the check **inconclusive** (exit 3), never
playable.

- the **skill ladder** (``metrics.skill``): rungs from ``random`` through the default agent to
  the game's strong agent (:attr:`GameDefinition.ladder`), each rung's agent in one seat
  against the rung below in the others, a matchup for each seat (sharing the rung's budget); a
  rung *beats* the one below when its share of the won games is
  ``1 / seats + SKILL_EDGE·(1 - 1 / seats)`` rather than ``1 / seats`` (SPRT). A final rung
  "strong against default" is added when they are not neighbours; if the strong agent does not
  beat the default, the check notes *little skill* (a warning, not a failure; *skill
  undecided* while the test has not decided).
- **strong self-play** (``metrics.strong``): the strong agent in every seat, measured like the
  check's games (completion, balance, drawishness, seat win rates, opener, intervals), on
  ``quick``'s budget at every level, so both levels judge the same games.
- **spoiler probes** (``probes``): for every ordered pair of seats (spoiler, victim), the
  strong agent with the objective "the victim does not win" plays the spoiler's seat against
  the default agents. Among the games the spoiler did not win itself, in game order, the
  victim's wins test ``H0``: its share is the one in the check's own games (the reference)
  against ``H1``: ``exploit_ratio`` of it. ``H1`` is an **exploit**, ``H0`` clears the pair (as
  does a reference too low to tell from ``H1``: nothing to spoil). Counting only the games the
  spoiler did not win separates spoiling from skill: a spoiler that simply wins is a strong
  player, not a spoiler. Probe games stop after four times the longest game of the check (a
  stalled game counts as not won by the victim). A **stall** test (the share of games that end
  neither in a win nor a draw: ``H0`` the most the baseline's plausibly is,
  :func:`judge.stall_ceiling`, against that plus :data:`judge.STALL_SHARE` of the rest) joins
  where games could stall instead of being won.
  With three or more seats a victim can be kept from winning by being slowed while others win
  (**kingmaking**, which every game of three or more allows) or by being locked out. So each
  pair is also played again, from its first round on: when the game offers a **duel**
  (:attr:`GameDefinition.duel`, the variant with only the two seats), the strong agent plays both
  seats, first both playing to win (the duel's baseline), then the spoiler against the victim; a
  victim held alone (the share test against the duel's baseline) or duel games that stall was
  locked out: an exploit. Without a duel, the pair is played again with the victim in the hands
  of the strong agent playing to win (the **strong-victim** games): a victim held even then is
  an exploit. A victim that escapes, in games that do not stall, makes a kingmaking note, not a
  failure; it clears the pair even while the share test with every seat is undecided (a victim
  that escapes alone cannot be locked out, and with many seats the victim's share among the
  others' wins needs many games to tell). With two seats, a spoiler that wins most of its games
  itself while the share test is undecided leaves too few to judge: the pair is played again
  with the victim in the strong agent's hands and judged against strong self-play (held, or
  stalled: an exploit).
- ``full`` adds the **strong-seat probe**: the strong agent in one seat against the default
  agents, for each seat, with a chi-square test of whether its wins depend on the seat (a seat
  favoured by more than skill; a note).
- ``full`` adds **restricted play** too (:func:`plan.restricted_matchups`, a game with
  :attr:`GameDefinition.restrictable`): the strong agent without one kind of move in one seat
  against the strong agent; a kind whose loss changes nothing is a rule nobody needs, one whose
  loss alone keeps the seat from winning a dominant move (notes). Its seats × kinds matchups of
  strong play would more than double the default check, so ``quick`` leaves them out (the plan
  says so: :func:`plan.restricted_note`).

``--games N`` bounds every stage: a matchup's budget is its level's, scaled by ``N / [check]
games`` and at most ``N``, but at least :data:`plan.MIN_PROBE_GAMES` (see
:func:`plan.probe_budget`). Seats are 0-based in the JSON and counted from 1 in the words of a
reason.

The modules, each importing only those before it: :mod:`.plan` (levels, budgets, matchups and
their seeded plans), :mod:`.judge` (the statistical tests and where a spoiler pair stands),
:mod:`.words` (the words of the reasons), :mod:`.probes` (the probes' and rungs' entries) and
:mod:`.report` (the rounds' :class:`~.report.ProbeJudge` and the report).
"""
