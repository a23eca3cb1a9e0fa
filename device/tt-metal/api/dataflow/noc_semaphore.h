// tt-metal's api/dataflow/noc_semaphore.h (2026): the Semaphore object
// outside `experimental`, taking the top-level Noc and NocOptions, with a
// SemScope template argument (api/dataflow/semaphore_binding_token.h) and
// construction from an id or a binding token. Each call is one or two legacy
// calls (get_semaphore, noc_semaphore_wait/_min/set/inc/set_remote,
// noc_semaphore_set_multicast...), with their checks and modeled cost, as
// tt_foil/device2.hpp's experimental::Semaphore.
//
// Scopes: LOCAL_NONATOMIC (the default) touches this core's word with plain
// loads and stores; EXTERNAL goes through NOC atomics to this core (up and
// down each wait for their atomic), as tt-metal on Blackhole. Refused, with
// the reason: DM_LOCAL_CACHED (Quasar's cached-alias atomics: tt-metal never
// picks it on Blackhole, the chip modeled), COMPUTE_ATOMIC and any use in a
// compute kernel (the Tensix hardware semaphore), inc_multicast (multicast
// atomics, as noc_semaphore_inc_multicast).
#ifndef TF_TTM_API_DATAFLOW_NOC_SEMAPHORE_H
#define TF_TTM_API_DATAFLOW_NOC_SEMAPHORE_H

#ifdef TF_COMPUTE_ROLE
#error                                                                                             \
    "not supported by tt-foil: Semaphore in a compute kernel (the Tensix hardware semaphore, SemScope::COMPUTE_ATOMIC): synchronize through CBs, or in a data-movement kernel"
#endif

#include "api/dataflow/dataflow_api.h"
#include "api/dataflow/noc.h"
#include "api/dataflow/semaphore_binding_token.h"

template <ProgrammableCoreType core_type = ProgrammableCoreType::TENSIX,
          SemScope SCOPE = SemScope::LOCAL_NONATOMIC>
class Semaphore
{
    static_assert(SCOPE != SemScope::DM_LOCAL_CACHED,
                  "not supported by tt-foil: SemScope::DM_LOCAL_CACHED (Quasar's cached-alias "
                  "RISC-V atomics; tt-metal never picks it on Blackhole): use LOCAL_NONATOMIC "
                  "or EXTERNAL");
    static_assert(SCOPE != SemScope::COMPUTE_ATOMIC,
                  "not supported by tt-foil: SemScope::COMPUTE_ATOMIC (the Tensix hardware "
                  "semaphore of compute kernels; a data-movement kernel cannot reach it, as in "
                  "tt-metal)");
    // relay_unicast / relay_multicast read the other semaphore's address.
    template <ProgrammableCoreType, SemScope> friend class Semaphore;

  public:
    FORCE_INLINE explicit Semaphore(std::uint32_t semaphore_id)
        : addr_((std::uint32_t)get_semaphore<core_type>(semaphore_id))
    {
    }
    // From a binding token, whose scope must be this one (CTAD below makes
    // `Semaphore s(token);` take it).
    template <std::uint32_t SEM_ID, SemScope TOKEN_SCOPE>
    FORCE_INLINE explicit Semaphore(SemaphoreBindingToken<SEM_ID, TOKEN_SCOPE>)
        : addr_((std::uint32_t)get_semaphore<core_type>(SEM_ID))
    {
        static_assert(TOKEN_SCOPE == SCOPE,
                      "the token's SemScope is not this Semaphore's: write `Semaphore s(token);` "
                      "and let the token give it (as in tt-metal)");
    }

    // This core's semaphore += value: a plain add (LOCAL_NONATOMIC), or a
    // NOC atomic to this core, waited for (EXTERNAL).
    FORCE_INLINE void up(std::uint32_t value)
    {
        if constexpr (SCOPE == SemScope::EXTERNAL) {
            noc_semaphore_inc(::get_noc_addr(addr_), value);
            noc_async_atomic_barrier();
        } else {
            *word() += value;
        }
    }
    // Core (noc_x, noc_y)'s semaphore += value, atomically.
    FORCE_INLINE void up(const Noc &noc, std::uint32_t noc_x, std::uint32_t noc_y,
                         std::uint32_t value, std::uint8_t vc = NOC_UNICAST_WRITE_VC)
    {
        noc_semaphore_inc(::get_noc_addr(noc_x, noc_y, addr_, noc.get_noc_id()), value,
                          noc.get_noc_id(), vc);
    }
    // Waits (sleeping) until it is at least value, then takes value off:
    // a plain subtraction, or an atomic add of -value (EXTERNAL: an up from
    // another core meanwhile is not lost).
    FORCE_INLINE void down(std::uint32_t value)
    {
        noc_semaphore_wait_min(word(), value);
        if constexpr (SCOPE == SemScope::EXTERNAL) {
            noc_semaphore_inc(::get_noc_addr(addr_), 0u - value);
            noc_async_atomic_barrier();
        } else {
            *word() -= value;
        }
    }
    FORCE_INLINE void wait(std::uint32_t value) const
    {
        noc_semaphore_wait(word(), value);
    }
    FORCE_INLINE void wait_min(std::uint32_t value) const
    {
        noc_semaphore_wait_min(word(), value);
    }
    FORCE_INLINE void set(std::uint32_t value)
    {
        noc_semaphore_set(word(), value);
    }
    FORCE_INLINE std::uint32_t value() const
    {
        return *word();
    }

    // This core's value into dst_sem (another semaphore) of core (noc_x,
    // noc_y): a 4-byte NOC write (tt-metal's watcher asserts the two are
    // different semaphores; not checked here).
    template <ProgrammableCoreType dst_core_type = core_type,
              SemScope dst_scope = SemScope::LOCAL_NONATOMIC>
    FORCE_INLINE void relay_unicast(const Noc &noc,
                                    const Semaphore<dst_core_type, dst_scope> &dst_sem,
                                    std::uint32_t noc_x, std::uint32_t noc_y)
    {
        noc_semaphore_set_remote(
            addr_, ::get_noc_addr(noc_x, noc_y, dst_sem.addr_, noc.get_noc_id()), noc.get_noc_id());
    }
    // This core's value to the same semaphore of every core of a rectangle
    // (this one too with MCAST_INCL_SRC).
    template <NocOptions opts = NocOptions::DEFAULT>
    FORCE_INLINE void set_multicast(const Noc &noc, std::uint32_t noc_x_start,
                                    std::uint32_t noc_y_start, std::uint32_t noc_x_end,
                                    std::uint32_t noc_y_end, std::uint32_t num_dests,
                                    bool linked = false)
    {
        mcast<opts>(noc, addr_, noc_x_start, noc_y_start, noc_x_end, noc_y_end, num_dests, linked);
    }
    // ... and into another semaphore, dst_sem, of every core of a rectangle.
    template <NocOptions opts = NocOptions::DEFAULT, ProgrammableCoreType dst_core_type = core_type,
              SemScope dst_scope = SemScope::LOCAL_NONATOMIC>
    FORCE_INLINE void
    relay_multicast(const Noc &noc, const Semaphore<dst_core_type, dst_scope> &dst_sem,
                    std::uint32_t noc_x_start, std::uint32_t noc_y_start, std::uint32_t noc_x_end,
                    std::uint32_t noc_y_end, std::uint32_t num_dests, bool linked = false)
    {
        mcast<opts>(noc, dst_sem.addr_, noc_x_start, noc_y_start, noc_x_end, noc_y_end, num_dests,
                    linked);
    }
    // value added to this semaphore on every core of a rectangle but this one
    // (noc_semaphore_inc_multicast)
    FORCE_INLINE void inc_multicast(const Noc &noc, std::uint32_t noc_x_start,
                                    std::uint32_t noc_y_start, std::uint32_t noc_x_end,
                                    std::uint32_t noc_y_end, std::uint32_t value,
                                    std::uint32_t num_dests)
    {
        tf_ttm::sem_inc_multicast(noc.get_noc_id(), addr_, noc_x_start, noc_y_start, noc_x_end,
                                  noc_y_end, value, num_dests);
    }

  private:
    template <NocOptions opts>
    FORCE_INLINE void mcast(const Noc &noc, std::uint32_t dst_addr, std::uint32_t x0,
                            std::uint32_t y0, std::uint32_t x1, std::uint32_t y1,
                            std::uint32_t num_dests, bool linked) const
    {
        const std::uint64_t to =
            ::get_noc_multicast_addr(x0, y0, x1, y1, dst_addr, noc.get_noc_id());
        if constexpr (has_flag(opts, NocOptions::MCAST_INCL_SRC))
            noc_semaphore_set_multicast_loopback_src(addr_, to, num_dests, linked,
                                                     noc.get_noc_id());
        else
            noc_semaphore_set_multicast(addr_, to, num_dests, linked, noc.get_noc_id());
    }
    FORCE_INLINE volatile std::uint32_t *word() const
    {
        return reinterpret_cast<volatile std::uint32_t *>((std::uintptr_t)addr_);
    }
    std::uint32_t addr_;
};

// `Semaphore s(token);` takes the token's scope (as tt-metal's guide).
template <std::uint32_t SEM_ID, SemScope TOKEN_SCOPE>
Semaphore(SemaphoreBindingToken<SEM_ID, TOKEN_SCOPE>)
    -> Semaphore<ProgrammableCoreType::TENSIX, TOKEN_SCOPE>;

#endif
