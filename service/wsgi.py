"""The WSGI entry point for gunicorn: ``gunicorn service.wsgi:app``.

It refuses to start without a good ``PAIJU_SECRET_KEY`` (``service.tokens``): each worker
would otherwise sign tokens with a key of its own.
"""

from service.app import create_app
from service.tokens import require_key

app = create_app({"SECRET_KEY": require_key()})
