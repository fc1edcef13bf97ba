"""The PPTX renderer plugin (plugin.py) and the Qt-free parts it draws from."""
