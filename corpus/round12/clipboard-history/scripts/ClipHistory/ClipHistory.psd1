@{
    RootModule        = 'ClipHistory.psm1'
    ModuleVersion     = '0.6.1'
    GUID              = '5b0b7d3e-8f0a-4c55-9e62-2f3e0f6b9a11'
    Author            = 'cliptools'
    FunctionsToExport = @('Start-ClipWatch', 'Find-Clip', 'Copy-Clip')
    NestedModules     = @('Sync.psm1')
}
