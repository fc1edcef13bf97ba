"""The PPTX commands: reading, writing, editing and their argument schemas."""
