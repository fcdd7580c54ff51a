from IPython.core.magic import register_cell_magic


def load_ipython_extension(ip):
    @register_cell_magic
    def tprof(line, cell):
        import torch
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]) as p:
            ip.run_cell(cell)
        print(p.key_averages().table(sort_by="cuda_time_total", row_limit=15))
