"""The PDF commands: reading, writing, editing and their argument schemas."""
