"""Golf, the site's second game (its pure facts and scoring in cards.py, scoring.py,
outcome.py, hole.py and words.py)."""
