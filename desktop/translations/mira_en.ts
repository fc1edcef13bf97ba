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
            <source>All %n checks passed</source>
            <comment>check.all_passed</comment>
            <translation>
                <numerusform>%n check passed</numerusform>
                <numerusform>All %n checks passed</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n more not shown</source>
            <comment>outline.more</comment>
            <translation>
                <numerusform>%n more not shown</numerusform>
                <numerusform>%n more not shown</numerusform>
            </translation>
        </message>
    </context>
</TS>
