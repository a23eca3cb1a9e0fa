// tt-metal's api/dataflow/semaphore_binding_token.h (2026): the SemScope a
// semaphore's accesses take and the binding token that carries it with the
// semaphore id. tt-metal's host generates the tokens (`sem::name`); tt-foil's
// host generates none, so a kernel declares its own
// (`constexpr SemaphoreBindingToken<0, SemScope::LOCAL_NONATOMIC> ready{};`)
// or passes the id. Which scopes tt-foil's Semaphore takes:
// api/dataflow/noc_semaphore.h.
#ifndef TF_TTM_API_DATAFLOW_SEMAPHORE_BINDING_TOKEN_H
#define TF_TTM_API_DATAFLOW_SEMAPHORE_BINDING_TOKEN_H

#include <cstdint>

enum class SemScope : std::uint8_t {
    LOCAL_NONATOMIC = 0, // L1 read-modify-write (one binder)
    DM_LOCAL_CACHED = 1, // Quasar's cached-alias RISC-V atomics
    EXTERNAL = 2,        // NOC atomics, this core's too
    COMPUTE_ATOMIC = 3,  // the Tensix hardware semaphore (compute kernels)
};

template <std::uint32_t SEM_ID, SemScope SEM_SCOPE> struct SemaphoreBindingToken {
    static constexpr std::uint32_t id = SEM_ID;
    static constexpr SemScope scope = SEM_SCOPE;
};

#endif
