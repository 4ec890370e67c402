// Built instead of cuda_backend.cu when CUDA is off or nvcc was not found at configure time.
#include "gpu/backend.h"

namespace ett::gpu {

std::unique_ptr<Backend> makeCudaBackend(std::string& whyNot)
{
    whyNot = "this build has no CUDA backend (nvcc was not found at configure time, or ETT_WITH_CUDA=OFF)";
    return nullptr;
}

} // namespace ett::gpu
