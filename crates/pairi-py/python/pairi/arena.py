"""The arena from Python (``docs/arena.md``): games between built-in agents played in
Rust without the interpreter lock, as ``pairi arena`` plays them.

A run's game ``i`` is planned from the seed alone (its walls, who sits where, each
seat's seed), so it is the same game whichever range, thread, process or machine plays
it: :meth:`Arena.play` plays any range of game numbers and returns one plain dict per
game (it pickles, and lists of them merge by concatenation), and :meth:`Arena.summary`
of any set of those dicts is the object ``pairi arena --json`` prints for the same
games. :func:`pairi.ray.self_play` spreads the ranges over a Ray cluster.

>>> from pairi.arena import Arena
>>> a = Arena(["greedy", "greedy", "greedy", "random"], 8, seed=1)
>>> s = a.summary(a.play(0, 4) + a.play(4))
>>> s["games"], s["agents"][0]["label"]
(8, 'greedy')
"""

from ._pairi import Arena

__all__ = ["Arena"]
