"""Sanguosha: the shared card engine (``engine``) and its modes (``identity``; later
``hegemony``)."""
