"""The XLSX commands: reading, writing, editing and their argument schemas."""
