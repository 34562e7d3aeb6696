"""The skills of the 25 standard generals (docs/rules/generals.md, section 1), of the
Kingdom Wars generals (section 2: ``kw_*``), of the weapons and armor (``equipment``;
the Kingdom Wars deck's in ``kw_equipment``), and pindian (``pindian``), registered on
import in the skill registry (``domain.sanguosha.skill``)."""

from domain.sanguosha.skills import (  # noqa: F401  (registration)
    equipment,
    kw_equipment,
    kw_qun,
    kw_qun2,
    kw_shu,
    kw_wei,
    kw_wei_turn,
    kw_wu,
    kw_wu_buqu,
    kw_wu_exchange,
    pindian,
    qun,
    shu,
    wei,
    wu,
)
