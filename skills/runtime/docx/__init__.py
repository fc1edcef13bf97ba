"""The DOCX commands: reading, writing, editing and their argument schemas."""
