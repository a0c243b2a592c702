"""The fixtures of the tests that start the production server (tests/deploy/served.py)."""

from tests.deploy.served import built  # noqa: F401  (a fixture, registered by its import)
