"""Request and response models: validation at the edge and the OpenAPI document."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Error(BaseModel):
    error: str = Field(description="a stable code, e.g. not_your_turn, stale_version")
    message: str = Field(description="what was wrong, for a person")


class GamePath(BaseModel):
    game_id: str = Field(description="the game's id (a UUID)")


class MatchPath(BaseModel):
    match_id: str = Field(description="the match's id (a UUID)")


class KindPath(BaseModel):
    kind: str = Field(description="a kind of game, e.g. one listed by GET /kinds")


class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = Field(description="a kind of game: GET /kinds lists them, with their options")
    players: list[str] = Field(min_length=1, max_length=32, description="one name per seat")
    options: dict[str, Any] = Field(default_factory=dict, description="table settings")
    agents: list[str] | None = Field(
        default=None,
        description='per seat: "human" (plays with its token) or a bot policy, e.g. '
                    '["human", "greedy", "greedy"]; bots move as soon as it is their turn',
    )


class CreateMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str | None = Field(default=None, description="the kind of game the match is a "
                             "series of (default: the one kind played in matches)")
    players: list[str] = Field(min_length=1, max_length=32, description="one name per seat")


class Tokens(BaseModel):
    seats: list[str] = Field(description="one bearer token per seat, in seat order")
    referee: str = Field(description="sees everything")


class GameCreated(BaseModel):
    id: str
    kind: str
    version: int
    tokens: Tokens


class Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: dict[str, Any] = Field(
        description='one of the seat\'s legal actions, e.g. {"type": "play", "cards": "33"}'
    )
    expected_version: int | None = Field(
        default=None, ge=0, description="the version you decided on; a stale one gets 409"
    )
    seat: int | None = Field(
        default=None, ge=0, description="only with the referee token: the seat to act for"
    )


class StateQuery(BaseModel):
    at: int = Field(ge=1, description="rebuild the game from its first N events")


class EventsQuery(BaseModel):
    upto: int | None = Field(default=None, ge=1, description="only the first N events")


class ListQuery(BaseModel):
    kind: str | None = None
    status: Literal["live", "finished"] | None = None
    limit: int = Field(default=20, ge=1, le=200)
    cursor: int | None = Field(default=None, ge=0, description="next_cursor of the last page")
    order: Literal["oldest", "newest"] = Field(default="oldest",
                                               description="newest: the latest games first")


class AnyJSON(BaseModel):
    model_config = ConfigDict(extra="allow")
