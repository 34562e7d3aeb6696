"""The service layer: the GameHall application, stores, the Flask API and the CLI."""
