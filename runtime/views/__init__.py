"""What one seat sees and may do at one version: the shared view cache, the panel, the legal choices, the card
counter and the version checks of a move."""
