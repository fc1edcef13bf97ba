"""Texts shared by the agent runtime and the window (kept import-light: the window loads it at startup)."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from skills.messages import Msg, Text, carried

# What a person reads for a tool call the model sent in a form Mira cannot read (the reason goes to the details).
_UNREADABLE_CALL = "The model sent a request Mira cannot read, so nothing was changed."

# English templates of the desktop layer's messages (the terminal's words), by id; see skills.messages.
MESSAGES: dict[str, str | tuple[str, str]] = {
    "cli.approval_needed": "Approval needed: {what}",
    "cli.approve_prompt": "Approve? [y/N] ",
    "cli.continue_prompt": "The answer was cut off at the output limit. Let the model continue from where it stopped? [y/N] ",
    "cli.approved_yes": "Approved (--yes).",
    "cli.replaces": "Replaces the existing {path}.",
    "cli.replaces_version": "Replaces the existing {path} (v{version}).",
    "cli.file": "{path} ({kind}, {size}; {verdict})",
    "cli.failed": "Failed: {error}",
    "cli.model_offline": "Model: offline planner (no network)",
    "cli.interrupted": "Interrupted: denied, nothing was written.",
    "cli.interrupted_run": "interrupted",
    "cli.not_run": "Not run: {error}",
    "cli.error.task": "the request did not finish",
    "cli.error.denied": "denied: nothing was written",
    "cli.error.no_work": "no file was made or changed",
    "cli.error.not_done": "the request was not carried out",
    "cli.error.not_made": "the skill said it made {files}, but no such file was written and verified in this request",
    "cli.error.unverified": "written but not verified: {files}",
    "cli.cannot_attach": "cannot attach {files}: not a readable file",
    "cli.empty_request": "the request is empty",
    "cli.unknown_skill": "there is no skill {skill} that can run a request (mira task --help names them)",
    # what the runtime stores in a task's chat message (message values, rendered in the reader's language)
    "task.stopped": "Stopped. Nothing was half-written.",
    "task.stopped.written": "Stopped. Written and checked before the stop: {files} (its card is below). The rest "
                            "of the request was not done, and nothing was half-written.",
    "task.failed.budget": "Stopped: {error}.",
    "task.failed.refused": "Stopped: {error}",
    "task.failed.model": "The model failed: {error}",
    "task.failed.internal": "Internal error: {error}",
    "task.failed.interrupted": "This request was interrupted before it started; send it again.",
    "task.failed.folder": "The working folder cannot be used: {error}",
    "task.failed.attachment": "Could not copy the attached file: {error}",
    "delivery.made": "Made:",
    "delivery.file": "- `{path}` ({kind}, {size}): {verdict}",
    "delivery.denied": "Nothing was written: the change was denied.",
    "delivery.no_model": "_(The model could not write the delivery message: {error}.)_",
    # a lower layer's own text (a server's reply, a library's exception), kept for the curious
    "error.details": "Details: {details}",
    # what a version changed (the version row of a file card)
    "version.added": "added “{text}”",
    "version.removed": "removed “{text}”",
    "version.changed": "“{before}” → “{after}”",
    "version.list": "{changes}",
    "version.list.more": "{changes}…",
    "version.before_mira": "as it was before Mira changed it",
    # Settings → Test connection
    "connect.offline": "The offline planner is built in and needs no connection.",
    "connect.incomplete": "Enter a base URL and a model name first.",
    "connect.no_answer": "The server ended the response without an answer.",
    "connect.ok": "Connected to {model}",
    "connect.failed": "The connection failed: {error}",
    "connect.kind": "Server: {kind}",
    "server.kind.local": "a local server Mira could not tell apart (treated as one that answers one request at a time)",
    "server.kind.cloud": "an OpenAI-compatible service Mira could not tell apart",
    "server.kind.llama_server": "llama.cpp (llama-server)",
    "server.kind.llama_cpp_python": "llama-cpp-python's server",
    "server.kind.dashscope": "Qwen (DashScope, compatible mode)",
    "connect.window": "Context window: {window} tokens",
    "connect.window_unknown": "Context window: the server does not say. Enter it in the Context window field so Mira can keep requests inside it.",
    "connect.tools_streamed": "Tool calls: work, and stream.",
    "connect.tools_whole": "Tool calls: work, but this server cannot stream them; Mira asks for them without streaming.",
    "connect.tools_failed": "Tool calls: the server refused a request with tools: {error}",
    "store.unreadable": "{path} is not a readable Mira database; move it aside to start with a new one.",
    "error.folder_unusable": "The folder {folder} cannot be made or used.",
    "error.file_unreadable": "The file {name} cannot be read.",
    "budget.time": "the time budget of {seconds} s for this task ran out",
    "budget.model_calls": ("the budget of %n model call for this task ran out",
                           "the budget of %n model calls for this task ran out"),
    "budget.tool_calls": ("the budget of %n tool call for this task ran out",
                          "the budget of %n tool calls for this task ran out"),
    "task.failed.refused.plain": "Mira refused to go on with this request.",
    "task.failed.crashed": "Something went wrong inside Mira, so this request stopped. Nothing half-written was kept.",
    # why a model call failed (ModelError.msg); the server's own words go to the details
    "model.error.no_key": "{where} needs an API key and none is set. Add one in Settings or set MIRA_API_KEY.",
    "model.error.key_rejected": "{where} rejected the API key.",
    "model.error.denied": "{where} refused access (HTTP 403).",
    "model.error.not_found": "The model {model} was not found at {where} (HTTP 404). Check the base URL and the model name.",
    "model.error.rate_limited": "{where} says the rate limit or quota is used up (HTTP 429). Wait a little and try again.",
    "model.error.server": "The model service at {where} has a problem (HTTP {status}). Try again later.",
    "model.error.refused": "{where} refused the request (HTTP {status}).",
    "model.error.timeout": "{where} did not answer within {seconds} s.",
    "model.error.deadline": "{where} did not finish within {seconds} s (the limit for one model call).",
    "model.error.idle": "{where} sent nothing for {seconds} s.",
    "model.error.connect": "Could not connect to {where}. Is the server running and the URL right?",
    "model.error.broken": "The connection to {where} broke during the answer.",
    "model.error.reported": "{where} reported an error during the answer.",
    "model.error.malformed": "{where} sent an answer Mira cannot read.",
    "model.error.not_stream": "{where} sent something other than the model's answer (HTTP {status}).",
    "model.error.bad_answer": "The model sent an answer Mira cannot read.",
    "model.error.ended": "The model's answer ended before it was complete.",
    "model.error.stopped": ("The server stopped the answer before the model finished. A local server does this when "
                            "another request reaches it while it answers."),
    "model.error.cut": "The model's answer was cut off at the output limit, so none of it was kept. Retry, or raise the output limit in Settings.",
    "model.error.cut_reply": ("The model's answer was cut off at the output limit, so it is not kept as the answer. "
                              "Continue lets the model go on from where it stopped; or Retry, or raise the output "
                              "limit in Settings."),
    "model.error.cut_step": ("The model's answer was cut off at the output limit in the middle of a step of the "
                             "work, so nothing of that step was kept (what was written and checked before it is). "
                             "Continue asks for that step again (raise the output limit in Settings first); or Retry "
                             "the whole request."),
    "model.error.needs_jinja": ("The llama.cpp server at {where} cannot take tool calls: it was started without "
                                "--jinja. Start llama-server again with --jinja, then retry."),
    "model.error.empty": "{where} sent an empty answer.",
    "model.error.empty_window_unknown": ("{where} sent an empty answer. The model's context window is not known, and some "
                                         "servers answer this way to a request larger than it: set the context window "
                                         "in Settings."),
    "model.error.busy": "{where} is answering a task right now, and a second request would stop that answer. Try again when the task has finished.",
    "model.error.over_window": ("The request is larger than the model's context window at {where}, so the server refused "
                                "it. Start a new conversation, attach less, or use a model with a larger window."),
    "model.error.failed": "The call to {where} failed.",
    "model.error.not_installed": "The model {model} is not installed in Ollama at {where}. Run “ollama pull {model}”.",
    "model.error.no_tools": "The model {model} cannot use tools, which Mira needs. Choose a model that supports tool calls.",
    "model.error.listing": "{where} refused the model listing (HTTP {status}).",
    "error.agent_flows.other_flow": "this task started under flow {started}; this Mira runs {running}. Start the request again.",
    "error.agent_skillsource.no_skill": "there is no skill {skill_id}; known skills: {known}",
    # why the agent, the store or a model setting refused (raised as AgentError(msg(...)) etc.)
    "error.agent_decisions.approval_does_exist_may": "this approval does not exist (it may belong to a deleted conversation)",
    "error.agent_flows.flow_step_processor_implemented": "flow {id_value}, step {id_value2}: processor {processor} is not implemented by this Mira",
    "error.agent_gate.frozen_approval_ledger_entry": "no frozen approval for ledger entry {id_value}",
    "error.agent_gate.task_started_under_different": ("this task started under a different skill catalog build ({build_identity}, now "
        "{build_identity2}); start the request again"),
    "error.agent_gate.task_already_nothing_waiting": "this task already {final}; nothing is waiting for approval",
    "error.agent_gate.change_was_already_will": "this change was already {state}; it will not run again",
    "error.agent_gate.task_running_wait_pause": "this task is running; wait for it to pause",
    "error.agent_gate.frozen_arguments_do_match": "the frozen arguments do not match their input hash (tampered); refusing to run",
    "error.agent_gate.frozen_call_does_match": "the frozen call does not match its ledger entry; refusing to run",
    "error.agent_gate.agent_s_transcript_was": "the agent's transcript was altered since the call was frozen; refusing to run",
    "error.agent_gate.agent_moved_since_was": "the agent moved on since this was proposed (stale checkpoint); ask again",
    "error.agent_gate.proposed_call_transcript_checkpoint": "the proposed call is not in the transcript at the checkpoint; refusing to run",
    "error.agent_gate.arguments_differ_from_what": "the arguments differ from what the agent proposed (tampered); refusing to run",
    "error.agent_gate.change_was_already_decided": "this change was already decided; it will not run again",
    "error.agent_gate.change_was_already_decided_2": "this change was already decided",
    "error.agent_loop.one_your_tools_you": "{name} is not one of your tools; you can call: {allowed}",
    "error.agent_loop.instruction_skill_read_load": ("{skill_id} is an instruction-only skill; read it with load_skill and pick a skill with an "
        "execution profile to run"),
    "error.agent_retry.task_already_nothing_waiting": "this task already {status}; nothing is waiting for a retry",
    "error.agent_retry.change_already_being_retried": "this change is already being retried; it will not run twice",
    "error.agent_runtime.task_already_running": "this task is already running",
    "error.agent_skillsource.skill_catalog_flow_run": "the skill catalog has no {pipeline} flow; run `python -m skills build`",
    "error.agent_skillsource.skill_refused": "skill {skill_id} refused: {exc}",
    "error.agent_tools.arguments_json_object": "the arguments of {name} must be a JSON object, not {type}",
    "error.agent_tools.arguments_nested_more_levels": "the arguments of {name} are nested more than {max_depth} levels deep; send a flatter object",
    "error.agent_tools.invalid_arguments": "invalid arguments for {name} at {where}: {value}",
    "error.agent_tools.folder_file": "{where}: {value} is a folder, not a file",
    "error.agent_tools.arguments_valid_json_position": "the arguments of {name} are not valid JSON ({msg} at position {pos})",
    "error.agent_tools.arguments_nested_too_deeply": "the arguments of {name} are nested too deeply to read; send a flat object",
    "error.agent_tools.invalid_input_schema": "{name} has an invalid input schema: {value}",
    "error.agent_tools.failed": "{where}: {value}",
    # what a person reads of these (skills.person_words): the argument path and the tool's name go to the details
    "error.agent_tools.failed.person": "{value}",
    "error.agent_tools.folder_file.person": "{value} is a folder, not a file.",
    "error.agent_tools.invalid_arguments.person": "The request reached the file tool in a form it cannot use, so nothing was changed.",
    "error.agent_tools.arguments_json_object.person": _UNREADABLE_CALL,
    "error.agent_tools.arguments_nested_more_levels.person": _UNREADABLE_CALL,
    "error.agent_tools.arguments_valid_json_position.person": _UNREADABLE_CALL,
    "error.agent_tools.arguments_nested_too_deeply.person": _UNREADABLE_CALL,
    "error.agent_loop.one_your_tools_you.person": "The model asked for a tool Mira does not have, so nothing was changed.",
    "error.agent_skillsource.no_skill.person": "The model asked for a skill Mira does not have, so nothing was changed.",
    "error.agent_loop.instruction_skill_read_load.person": ("The model asked to run a skill that only holds instructions, so "
                                                            "nothing was changed."),
    "error.agent_skillsource.skill_refused.person": "Mira could not load the skill this request needs, so nothing was changed.",
    "error.agent_workfolder.too_broad_working_folder": "{real} is too broad to be a working folder; choose or create a folder for this work",
    "error.agent_workfolder.file_folder": "{real} is a file, not a folder",
    "error.agent_workfolder.used_working_folder": "{raw} cannot be used as a working folder: {exc}",
    "error.agent_workfolder.created": "{real} cannot be created: {value}",
    "error.store_rules.unknown_rule_kind_one": "unknown rule kind {kind} (one of {rule_kinds})",
    "error.store_rules.approval_rule": "no approval rule {rule_id}",
    "error.store_tasks.task": "no task {task_id}",
    "error.store_tasks.ledger_entry": "no ledger entry {ledger_id}",
    "error.store_tasks.approval": "no approval {approval_id}",
    "error.store_store.conversation": "no conversation {conversation_id}",
    "error.store_store.message": "no message {message_id}",
    "error.store_store.artifact": "no artifact {artifact_id}",
    "error.llm_keys.api_key_needs_server": "an API key needs a server: set the base URL first",
    "error.llm_keys.api_key_empty": "the API key is empty",
    "error.llm_keys.api_key_contains_line": "the API key contains a line break or NUL character",
    "error.llm_keys.os_keyring_refused_store": "the OS keyring refused to store the key ({type}); set MIRA_API_KEY in the environment instead",
    "error.llm_keys.os_keyring_could_remove": "the OS keyring could not remove the key ({type})",
    "error.llm_keys.key_file_could_written": "the key file could not be written ({value})",
    "error.llm_scripted.script_exhausted": "script exhausted",
    "error.llm_scripted.scripted_step_returned_completion": "scripted step returned {type}, not a Completion",
    "error.llm_settings.provider": "The provider must be one of {choices}, not {value}.",
    "error.llm_settings.text": "The model setting {name} must be text.",
    "error.llm_settings.timeout_number": "The timeout must be a number of seconds.",
    "error.llm_settings.timeout_range": "The timeout must be more than 0 and at most {limit} seconds, not {value}.",
    "error.llm_settings.context_window": "The context window must be a whole number of tokens (0 = unknown), not {value}.",
    "error.llm_settings.output_tool_step": "The answer limit of a tool step must be a whole number of tokens from 16 to {limit}, not {value}.",
    "error.llm_settings.output_reply": "The answer limit of a reply must be a whole number of tokens from 16 to {limit}, not {value}.",
    "error.llm_settings.api": "The API must be one of {choices}, not {value}.",
    "error.llm_settings.url_invalid": "The base URL is not a valid URL.",
    "error.llm_settings.url_credentials": "The base URL must not contain a user name or password; put the key in the key field.",
    "error.llm_settings.url_scheme": "The base URL must start with http://… or https://…, not {value}.",
    "error.llm_settings.not_object": "The model settings must be an object, not {type}.",
    "error.llm_settings.unknown": "Unknown model settings: {names}.",
    "error.llm_settings.no_provider": "The model settings need a provider.",
    "settings.problem.model": "The model settings in the settings file were not used: {error}",
    "settings.problem.workspace_root": "The workspace folder in the settings file is not a path, so the default folder is used.",
    "settings.problem.language": "The language {value} in the settings file is not known, so the system's language is used.",
    "settings.problem.theme": "The theme {value} in the settings file is not known, so the system's theme is used.",
    "settings.problem.soffice_path": "The LibreOffice path in the settings file is not a path, so Mira looks for LibreOffice itself.",
    "settings.problem.unreadable": "{name} could not be read, so the default settings are used.\n{details}",
}



def msg(id: str, n: int | None = None, /, **params: Any) -> Msg:
    """The message ``id`` of the desktop catalogue with its parameters."""
    return Msg(id=id, english_template=MESSAGES[id], params=carried(params), n=n)


def for_person(message: Msg) -> tuple[Msg, str]:
    """A refusal as a person reads it, from whichever catalogue it came (the skills' or this layer's), and the
    argument path the model's form said, for the details (:func:`skills.person_words.for_person`)."""
    from collections import ChainMap

    from skills.messages import MESSAGES as SKILLS
    from skills.person_words import for_person as person_form  # with the first refusal shown, not at start

    return person_form(message, ChainMap(MESSAGES, SKILLS))


def said(exc: BaseException) -> Msg | str:
    """What a user reads for an error: its message id when it has one, else its own (English) text."""
    message = getattr(exc, "msg", None)
    return message if isinstance(message, Msg) else str(exc)


def details_of(exc: BaseException) -> str:
    """A lower layer's own text kept with an error for a details view ("" when there is none)."""
    details = getattr(exc, "details", "")
    return details if isinstance(details, str) else ""


def failure_lines(message: Msg, exc: BaseException) -> list[Msg]:
    """A failure for the chat: the message, then the details (the raw text) on a line of their own."""
    details = details_of(exc)
    return [message, msg("error.details", details=details)] if details else [message]


def shown_request(request: str, names: Sequence[str]) -> str:
    """The user message as the chat shows and stores it: the request plus one line naming the attachments.

    The model never reads this text (its transcript gets the "[Attached files ...]" line); it is what the
    history shows, also after a restart.
    """
    if not names:
        return request
    line = " · ".join(f"📎 {name}" for name in names)
    return f"{request.rstrip()}\n\n{line}" if request.strip() else line


def shown(words: Text | Msg | str, say: Callable[[Msg], str]) -> str:
    """Words for reading: a Text's lines and a message through ``say``, words as written unchanged."""
    if isinstance(words, Text):
        return words.rendered(say)
    return say(words) if isinstance(words, Msg) else words


def english(words: Text | Msg | str) -> str:
    """Stored words in English (for the model's context and logs)."""
    return shown(words, Msg.english)
