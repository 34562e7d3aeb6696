"""The skills of the 25 standard generals (docs/rules/generals.md, section 1) and of the
weapons and armor (``equipment``), registered on import in the skill registry
(``domain.sanguosha.skill``)."""

from domain.sanguosha.skills import equipment, qun, shu, wei, wu  # noqa: F401  (registration)
from domain.sanguosha.skills import kw_wei, kw_wei_turn  # noqa: F401  (Kingdom Wars)
