"""Entry script for the PyInstaller bundle: the same main as `python -m game`."""

import multiprocessing

if __name__ == "__main__":
    multiprocessing.freeze_support()
    from game.__main__ import main

    raise SystemExit(main())
