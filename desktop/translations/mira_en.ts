<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
    <context>
        <name>messages</name>
        <message numerus="yes">
            <source>%n headings</source>
            <comment>count.headings</comment>
            <translation>
                <numerusform>%n heading</numerusform>
                <numerusform>%n headings</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n paragraphs</source>
            <comment>count.paragraphs</comment>
            <translation>
                <numerusform>%n paragraph</numerusform>
                <numerusform>%n paragraphs</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n lists</source>
            <comment>count.lists</comment>
            <translation>
                <numerusform>%n list</numerusform>
                <numerusform>%n lists</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n tables</source>
            <comment>count.tables</comment>
            <translation>
                <numerusform>%n table</numerusform>
                <numerusform>%n tables</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n images</source>
            <comment>count.images</comment>
            <translation>
                <numerusform>%n image</numerusform>
                <numerusform>%n images</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n slides</source>
            <comment>count.slides</comment>
            <translation>
                <numerusform>%n slide</numerusform>
                <numerusform>%n slides</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n sheets</source>
            <comment>count.sheets</comment>
            <translation>
                <numerusform>%n sheet</numerusform>
                <numerusform>%n sheets</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n pages</source>
            <comment>count.pages</comment>
            <translation>
                <numerusform>%n page</numerusform>
                <numerusform>%n pages</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n changes</source>
            <comment>count.operations</comment>
            <translation>
                <numerusform>%n change</numerusform>
                <numerusform>%n changes</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n files</source>
            <comment>count.files</comment>
            <translation>
                <numerusform>%n file</numerusform>
                <numerusform>%n files</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n checks</source>
            <comment>count.checks</comment>
            <translation>
                <numerusform>%n check</numerusform>
                <numerusform>%n checks</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n rows</source>
            <comment>count.rows</comment>
            <translation>
                <numerusform>%n row</numerusform>
                <numerusform>%n rows</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{loaded} rows</source>
            <comment>count.rows_shown</comment>
            <translation>
                <numerusform>{loaded} row</numerusform>
                <numerusform>{loaded} rows</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n sections</source>
            <comment>count.sections</comment>
            <translation>
                <numerusform>%n section</numerusform>
                <numerusform>%n sections</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n words</source>
            <comment>count.words</comment>
            <translation>
                <numerusform>%n word</numerusform>
                <numerusform>%n words</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cells</source>
            <comment>count.cells</comment>
            <translation>
                <numerusform>%n cell</numerusform>
                <numerusform>%n cells</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formulas</source>
            <comment>count.formulas</comment>
            <translation>
                <numerusform>%n formula</numerusform>
                <numerusform>%n formulas</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n charts</source>
            <comment>count.charts</comment>
            <translation>
                <numerusform>%n chart</numerusform>
                <numerusform>%n charts</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n slides with a title</source>
            <comment>count.titled_slides</comment>
            <translation>
                <numerusform>%n slide with a title</numerusform>
                <numerusform>%n slides with a title</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n pictures</source>
            <comment>count.pictures</comment>
            <translation>
                <numerusform>%n picture</numerusform>
                <numerusform>%n pictures</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n slides with notes</source>
            <comment>count.notes</comment>
            <translation>
                <numerusform>%n slide with notes</numerusform>
                <numerusform>%n slides with notes</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formulas calculated</source>
            <comment>count.formulas_calculated</comment>
            <translation>
                <numerusform>%n formula calculated</numerusform>
                <numerusform>%n formulas calculated</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formula errors</source>
            <comment>count.formula_errors</comment>
            <translation>
                <numerusform>%n formula error</numerusform>
                <numerusform>%n formula errors</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n named ranges</source>
            <comment>count.defined_names</comment>
            <translation>
                <numerusform>%n named range</numerusform>
                <numerusform>%n named ranges</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n conditional formats</source>
            <comment>count.conditional_formats</comment>
            <translation>
                <numerusform>%n conditional format</numerusform>
                <numerusform>%n conditional formats</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n data validation rules</source>
            <comment>count.validations</comment>
            <translation>
                <numerusform>%n data validation rule</numerusform>
                <numerusform>%n data validation rules</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n filters</source>
            <comment>count.autofilters</comment>
            <translation>
                <numerusform>%n filter</numerusform>
                <numerusform>%n filters</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n pivot tables</source>
            <comment>count.pivot_tables</comment>
            <translation>
                <numerusform>%n pivot table</numerusform>
                <numerusform>%n pivot tables</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Added %n rows.</source>
            <comment>planner.rows_added</comment>
            <translation>
                <numerusform>Added %n row.</numerusform>
                <numerusform>Added %n rows.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Added a total row, row {row}, that sums %n columns: {columns}.</source>
            <comment>planner.total_added</comment>
            <translation>
                <numerusform>Added a total row, row {row}, that sums {columns}.</numerusform>
                <numerusform>Added a total row, row {row}, that sums %n columns: {columns}.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Nothing was written: {sheet} has {rows} rows of data, and %n values were given. Give one value for each row.</source>
            <comment>planner.column_too_long</comment>
            <translation>
                <numerusform>Nothing was written: {sheet} has {rows} rows of data, and %n value was given.</numerusform>
                <numerusform>Nothing was written: {sheet} has {rows} rows of data, and %n values were given. Give one value for each row.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Set %n cells: {cells}.</source>
            <comment>planner.cells_set</comment>
            <translation>
                <numerusform>Set {cells}.</numerusform>
                <numerusform>Set %n cells: {cells}.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Cleared %n cells: {cells}.</source>
            <comment>planner.cells_cleared</comment>
            <translation>
                <numerusform>Cleared {cells}.</numerusform>
                <numerusform>Cleared %n cells: {cells}.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Deleted the %n paragraphs with “{text}”.</source>
            <comment>planner.paragraphs_deleted</comment>
            <translation>
                <numerusform>Deleted the paragraph with “{text}”.</numerusform>
                <numerusform>Deleted the %n paragraphs with “{text}”.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Split {path} into %n files in {folder}/; every page is kept as it was.</source>
            <comment>planner.split</comment>
            <translation>
                <numerusform>Split {path} into %n file in {folder}/; every page is kept as it was.</numerusform>
                <numerusform>Split {path} into %n files in {folder}/; every page is kept as it was.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Replaced "{find}" with "{replace}" in {path} (%n replacements).</source>
            <comment>planner.replaced_in.n</comment>
            <translation>
                <numerusform>Replaced "{find}" with "{replace}" in {path} (%n replacement).</numerusform>
                <numerusform>Replaced "{find}" with "{replace}" in {path} (%n replacements).</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Suggested replacing "{find}" with "{replace}" in {path} (%n replacements) as tracked changes by Mira; accept or reject them in Word.</source>
            <comment>planner.suggested_in.n</comment>
            <translation>
                <numerusform>Suggested replacing "{find}" with "{replace}" in {path} (%n replacement) as tracked changes by Mira; accept or reject them in Word.</numerusform>
                <numerusform>Suggested replacing "{find}" with "{replace}" in {path} (%n replacements) as tracked changes by Mira; accept or reject them in Word.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n slides</source>
            <comment>planner.made.slides</comment>
            <translation>
                <numerusform>%n slide</numerusform>
                <numerusform>%n slides</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n sheets</source>
            <comment>planner.count.sheets</comment>
            <translation>
                <numerusform>%n sheet</numerusform>
                <numerusform>%n sheets</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n data rows</source>
            <comment>planner.count.data_rows</comment>
            <translation>
                <numerusform>%n data row</numerusform>
                <numerusform>%n data rows</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{path} has %n form fields:
{lines}</source>
            <comment>planner.form_fields</comment>
            <translation>
                <numerusform>{path} has %n form field:
{lines}</numerusform>
                <numerusform>{path} has %n form fields:
{lines}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Filled %n fields in {path}: {shown}.</source>
            <comment>planner.filled</comment>
            <translation>
                <numerusform>Filled %n field in {path}: {shown}.</numerusform>
                <numerusform>Filled %n fields in {path}: {shown}.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Replaced "{find}" with "{replace}" in {path}: %n text runs on {pages}, {font}.</source>
            <comment>planner.pdf_replaced</comment>
            <translation>
                <numerusform>Replaced "{find}" with "{replace}" in {path}: %n text run on {pages}, {font}.</numerusform>
                <numerusform>Replaced "{find}" with "{replace}" in {path}: %n text runs on {pages}, {font}.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n lines</source>
            <comment>planner.count.lines</comment>
            <translation>
                <numerusform>%n line</numerusform>
                <numerusform>%n lines</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n words</source>
            <comment>planner.count.words</comment>
            <translation>
                <numerusform>%n word</numerusform>
                <numerusform>%n words</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>… and %n more changes</source>
            <comment>approval.more_changes</comment>
            <translation>
                <numerusform>… and %n more change</numerusform>
                <numerusform>… and %n more changes</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>All %n checks passed</source>
            <comment>check.verdict.passed</comment>
            <translation>
                <numerusform>%n check passed</numerusform>
                <numerusform>All %n checks passed</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{passed} of %n checks passed, {not_run} not run</source>
            <comment>check.verdict.partial</comment>
            <translation>
                <numerusform>{passed} of %n check passed, {not_run} not run</numerusform>
                <numerusform>{passed} of %n checks passed, {not_run} not run</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{failed} of %n checks failed</source>
            <comment>check.verdict.failed</comment>
            <translation>
                <numerusform>{failed} of %n check failed</numerusform>
                <numerusform>{failed} of %n checks failed</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{failed} of %n checks failed, {not_run} not run</source>
            <comment>check.verdict.failed_not_run</comment>
            <translation>
                <numerusform>{failed} of %n check failed, {not_run} not run</numerusform>
                <numerusform>{failed} of %n checks failed, {not_run} not run</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{missing} of %n formulas have no value yet; their values appear when the file is opened in a spreadsheet program, or now with Recalculate (or ask to recalculate it).</source>
            <comment>check.detail.formulas_uncached</comment>
            <translation>
                <numerusform>{missing} of %n formula has no value yet; its value appears when the file is opened in a spreadsheet program, or now with Recalculate (or ask to recalculate it).</numerusform>
                <numerusform>{missing} of %n formulas have no value yet; their values appear when the file is opened in a spreadsheet program, or now with Recalculate (or ask to recalculate it).</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cells show an error: {cells}</source>
            <comment>check.detail.formula_errors</comment>
            <translation>
                <numerusform>%n cell shows an error: {cells}</numerusform>
                <numerusform>%n cells show an error: {cells}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cells showed these errors before the change too: {cells}</source>
            <comment>check.detail.formula_errors_before</comment>
            <translation>
                <numerusform>%n cell showed this error before the change too: {cells}</numerusform>
                <numerusform>%n cells showed these errors before the change too: {cells}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cells hold other values than the ones written: {cells}</source>
            <comment>check.detail.cells_differ</comment>
            <translation>
                <numerusform>%n cell holds another value than the one written: {cells}</numerusform>
                <numerusform>%n cells hold other values than the ones written: {cells}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>All %n cells hold what was written</source>
            <comment>check.detail.cells_as_expected</comment>
            <translation>
                <numerusform>The %n cell holds what was written</numerusform>
                <numerusform>All %n cells hold what was written</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Slides {slides} show nothing</source>
            <comment>check.detail.empty_slides</comment>
            <translation>
                <numerusform>Slide {slides} shows nothing</numerusform>
                <numerusform>Slides {slides} show nothing</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Slides {slides} were empty before this change too</source>
            <comment>check.detail.empty_before</comment>
            <translation>
                <numerusform>Slide {slides} was empty before this change too</numerusform>
                <numerusform>Slides {slides} were empty before this change too</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>… %n more headings not shown</source>
            <comment>outline.more_headings</comment>
            <translation>
                <numerusform>… %n more heading not shown</numerusform>
                <numerusform>… %n more headings not shown</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Tables {first}–{last} of {total}; %n more not shown</source>
            <comment>outline.tables_partial</comment>
            <translation>
                <numerusform>Tables {first}–{last} of {total}; %n more not shown</numerusform>
                <numerusform>Tables {first}–{last} of {total}; %n more not shown</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n columns</source>
            <comment>count.columns</comment>
            <translation>
                <numerusform>%n column</numerusform>
                <numerusform>%n columns</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>… %n more slides not shown</source>
            <comment>outline.more_slides</comment>
            <translation>
                <numerusform>… %n more slide not shown</numerusform>
                <numerusform>… %n more slides not shown</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>… %n more sheets not shown</source>
            <comment>outline.more_sheets</comment>
            <translation>
                <numerusform>… %n more sheet not shown</numerusform>
                <numerusform>… %n more sheets not shown</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formulas have no calculated values saved in the file; Excel and LibreOffice calculate them when they open it.</source>
            <comment>outline.uncalculated</comment>
            <translation>
                <numerusform>%n formula has no calculated value saved in the file; Excel and LibreOffice calculate it when they open it.</numerusform>
                <numerusform>%n formulas have no calculated values saved in the file; Excel and LibreOffice calculate them when they open it.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Uses {files} and %n more files</source>
            <comment>summary.uses.more</comment>
            <translation>
                <numerusform>Uses {files} and %n more file</numerusform>
                <numerusform>Uses {files} and %n more files</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n paragraphs changed</source>
            <comment>count.paragraphs_changed</comment>
            <translation>
                <numerusform>%n paragraph changed</numerusform>
                <numerusform>%n paragraphs changed</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n tracked replacements</source>
            <comment>count.suggestions</comment>
            <translation>
                <numerusform>%n tracked replacement</numerusform>
                <numerusform>%n tracked replacements</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n comments</source>
            <comment>count.comments</comment>
            <translation>
                <numerusform>%n comment</numerusform>
                <numerusform>%n comments</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n form fields</source>
            <comment>count.fields</comment>
            <translation>
                <numerusform>%n form field</numerusform>
                <numerusform>%n form fields</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n occurrences</source>
            <comment>count.occurrences</comment>
            <translation>
                <numerusform>%n occurrence</numerusform>
                <numerusform>%n occurrences</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Sheet {name}: %n rows</source>
            <comment>change.sheet</comment>
            <translation>
                <numerusform>Sheet {name}: %n row</numerusform>
                <numerusform>Sheet {name}: %n rows</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Sheet {name}: %n rows; columns {columns}</source>
            <comment>change.sheet.columns</comment>
            <translation>
                <numerusform>Sheet {name}: %n row; columns {columns}</numerusform>
                <numerusform>Sheet {name}: %n rows; columns {columns}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formulas, {cached} with stored results</source>
            <comment>change.formulas.before</comment>
            <translation>
                <numerusform>%n formula, {cached} with stored results</numerusform>
                <numerusform>%n formulas, {cached} with stored results</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formulas recalculated by LibreOffice</source>
            <comment>change.formulas.after</comment>
            <translation>
                <numerusform>%n formula recalculated by LibreOffice</numerusform>
                <numerusform>%n formulas recalculated by LibreOffice</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>(removed; %n formulas in other sheets refer to it and will show #REF!)</source>
            <comment>change.removed.refs</comment>
            <translation>
                <numerusform>(removed; %n formula in other sheets refers to it and will show #REF!)</numerusform>
                <numerusform>(removed; %n formulas in other sheets refer to it and will show #REF!)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>New sheet {name}: %n rows</source>
            <comment>change.new_sheet</comment>
            <translation>
                <numerusform>New sheet {name}: %n row</numerusform>
                <numerusform>New sheet {name}: %n rows</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>New sheet {name}: a header and %n rows</source>
            <comment>change.new_sheet.header</comment>
            <translation>
                <numerusform>New sheet {name}: a header and %n row</numerusform>
                <numerusform>New sheet {name}: a header and %n rows</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Sheet {name} (%n formulas updated)</source>
            <comment>change.sheet.renamed</comment>
            <translation>
                <numerusform>Sheet {name} (%n formula updated)</numerusform>
                <numerusform>Sheet {name} (%n formulas updated)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>the budget of %n model calls for this task ran out</source>
            <comment>budget.model_calls</comment>
            <translation>
                <numerusform>the budget of %n model call for this task ran out</numerusform>
                <numerusform>the budget of %n model calls for this task ran out</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>the budget of %n tool calls for this task ran out</source>
            <comment>budget.tool_calls</comment>
            <translation>
                <numerusform>the budget of %n tool call for this task ran out</numerusform>
                <numerusform>the budget of %n tool calls for this task ran out</numerusform>
            </translation>
        </message>
    </context>
</TS>
