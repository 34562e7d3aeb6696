"""HTTP blueprints: one per concern, thin over the GameHall."""
