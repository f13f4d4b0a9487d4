"""dominoes-tui: dominoes in the terminal against CPU opponents."""

from .compiled import install as _install_compiled

_install_compiled()  # compiled search modules only while they match their source
