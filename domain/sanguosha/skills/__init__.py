"""The skills of the 25 standard generals (docs/rules/generals.md, section 1) and of the
weapons and armor (``equipment``; the Kingdom Wars deck's in ``kw_equipment``), registered
on import in the skill registry (``domain.sanguosha.skill``)."""

from domain.sanguosha.skills import (  # noqa: F401  (registration)
    equipment,
    kw_equipment,
    qun,
    shu,
    wei,
    wu,
)
