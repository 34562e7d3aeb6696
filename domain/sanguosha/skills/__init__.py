"""The skills of the 25 standard generals (docs/rules/generals.md, section 1), of the
Kingdom Wars generals (``kw_*``, section 2) and of the weapons and armor (``equipment``),
registered on import in the skill registry (``domain.sanguosha.skill``)."""

from domain.sanguosha.skills import equipment, kw_shu, qun, shu, wei, wu  # noqa: F401  (registration)
