; Inno Setup script of the Windows installer: scripts/build_windows.py runs
;   ISCC /DAppVersion=X /DSourceDir=dist\mira /DOutputDir=dist /DIconFile=build\icons\mira.ico packaging\windows\mira.iss
; after `python scripts/build_dist.py dist`. Built and started only on a Windows runner
; (.github/workflows/desktop-packages.yml), never on the Linux machine the rest is tested on.
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif
#ifndef SourceDir
  #define SourceDir "..\..\dist\mira"
#endif
#ifndef OutputDir
  #define OutputDir "..\..\dist"
#endif

[Setup]
AppId={{6B8E6D9A-3F0C-4C3B-9A57-2D4E5C1F7A10}
AppName=Mira
AppVersion={#AppVersion}
AppPublisher=Mira Desktop developers
DefaultDirName={autopf}\Mira
DefaultGroupName=Mira
; Per-user by default (no administrator needed); the dialog offers all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=commandline dialog
OutputDir={#OutputDir}
OutputBaseFilename=mira-{#AppVersion}-windows-x64-setup
Compression=lzma2/max
SolidCompression=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
WizardStyle=modern
LicenseFile=..\..\LICENSE
#ifdef IconFile
SetupIconFile={#IconFile}
#endif
UninstallDisplayIcon={app}\mira.exe
; File associations change the shell's view of .docx/.pptx/.xlsx/.pdf: tell Explorer.
ChangesAssociations=yes
; A running Mira holds its files open: the installer asks to close it (Restart Manager).
CloseApplications=yes

[Languages]
Name: "en"; MessagesFile: "compiler:Default.isl"
; Not every Inno Setup release ships the Simplified Chinese messages: used where it does.
#if FileExists(AddBackslash(CompilerPath) + "Languages\ChineseSimplified.isl")
Name: "zh_CN"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"
#endif

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs
; `mira doctor` says "Windows installer" (desktop/doctor.py).
Source: "install-kind"; DestDir: "{app}"; Flags: ignoreversion

[Icons]
Name: "{group}\Mira"; Filename: "{app}\mira.exe"
Name: "{group}\{cm:UninstallProgram,Mira}"; Filename: "{uninstallexe}"
Name: "{autodesktop}\Mira"; Filename: "{app}\mira.exe"; Tasks: desktopicon

[Registry]
; "Open with Mira" for the four document kinds, without taking the default away from Word or a PDF reader:
; a ProgID of Mira's listed under each extension's OpenWithProgids. A second start with a file hands it to
; the running Mira (desktop/ui/single_instance.py), which attaches it to the message box.
Root: HKA; Subkey: "Software\Classes\Mira.Document"; ValueType: string; ValueName: ""; ValueData: "Office document (Mira)"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Mira.Document\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\mira.exe,0"
Root: HKA; Subkey: "Software\Classes\Mira.Document\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\mira.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\.docx\OpenWithProgids"; ValueType: string; ValueName: "Mira.Document"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.pptx\OpenWithProgids"; ValueType: string; ValueName: "Mira.Document"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.xlsx\OpenWithProgids"; ValueType: string; ValueName: "Mira.Document"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.pdf\OpenWithProgids"; ValueType: string; ValueName: "Mira.Document"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Applications\mira.exe\SupportedTypes"; ValueType: string; ValueName: ".docx"; ValueData: ""; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\mira.exe\SupportedTypes"; ValueType: string; ValueName: ".pptx"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\Applications\mira.exe\SupportedTypes"; ValueType: string; ValueName: ".xlsx"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\Applications\mira.exe\SupportedTypes"; ValueType: string; ValueName: ".pdf"; ValueData: ""

[Run]
Filename: "{app}\mira.exe"; Description: "{cm:LaunchProgram,Mira}"; Flags: nowait postinstall skipifsilent

; The user's conversations, settings and keys live in %LOCALAPPDATA%\Mira and the Windows Credential
; Manager, outside {app}: uninstalling removes the program and keeps them.
