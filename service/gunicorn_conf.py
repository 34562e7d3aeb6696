"""gunicorn's config module for ``paiju serve``: imports paiju's code in the master, so each
worker forks with it loaded and boots in a fraction of the time (a worker respawned after
a crash is back at once). No app is built here: stores are opened in the workers."""

import service.app  # noqa: F401

__all__: list[str] = []
