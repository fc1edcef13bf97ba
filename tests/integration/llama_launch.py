"""Run llama-cpp-python's server with llama.cpp's weight repacking turned off (run by the server's own Python,
not Mira's: it imports only llama_cpp).

On a CPU with AMX, ggml repacks quantised weights into an extra buffer type for batched matrix products; in
this VM that path segfaults in ``llama_decode`` as soon as a prompt is decoded more than one token at a time
(llama-cpp-python 0.3.36, SmolLM2's Q4_1 file). llama.cpp's own server turns it off with ``--no-repack``;
llama-cpp-python's has no such option, so the model parameters it starts from are set here, and prompts are
decoded in batches again (about three times faster than one token per batch)."""
import runpy

import llama_cpp.llama_cpp as api

_defaults = api.llama_model_default_params


def _no_repack() -> api.llama_model_params:
    params = _defaults()
    params.use_extra_bufts = False
    return params


api.llama_model_default_params = _no_repack
runpy.run_module("llama_cpp.server", run_name="__main__", alter_sys=True)
