"""Pure rules and aggregates: the standard library and eventsourcing.domain only."""
