"""The test suite (docs/testing.md).

Bytecode is written while the tests run, whatever PYTHONDONTWRITEBYTECODE says: this package is
imported before any test module or any of ``app``, so each of them (and pytest's rewrite of each
test module's asserts) is compiled once and read back by every other xdist worker and by every
server process a test starts, instead of being compiled again in each (on this machine the
variable is set, and collecting the suite took 18 s of CPU a worker instead of 7).
"""

import sys

sys.dont_write_bytecode = False
