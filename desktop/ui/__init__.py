"""Qt windows and dialogs; the Host that fills uchat slots from the renderer registry."""
