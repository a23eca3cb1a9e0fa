// tt-metal's api/tensor/noc_traits.h: the top-level Noc's traits
// (api/dataflow/noc.h) for tensors: page page_id (+ offset_bytes) of a
// TensorAccessor ({.page_id = i, .offset_bytes = o}), and one
// tensor_accessor::Page (+ {.offset_bytes}) of its pages() ranges. As
// LOCAL_L1 (a page of this core's L1) the address is the page's in L1
// (tt-metal asserts the page is local; not checked here). A PageView of an
// accessor and an AbstractTensorAccessorWrapper (make_abstract_tensor_
// accessor_wrappers) take the accessor's arguments; a ShardView is refused
// where it is made (api/tensor/tensor_accessor.h).
#ifndef TF_TTM_API_TENSOR_NOC_TRAITS_H
#define TF_TTM_API_TENSOR_NOC_TRAITS_H

#include "api/dataflow/noc.h"
#include "api/tensor/tensor_accessor.h"

namespace tf_ttm
{
struct page_args {
    std::uint32_t page_id{};
    std::uint32_t offset_bytes = 0;
};
struct page_offset_args {
    std::uint32_t offset_bytes = 0;
};
template <Noc::AddressType T> FORCE_INLINE auto page_at(std::uint64_t noc_addr)
{
    if constexpr (T == Noc::AddressType::LOCAL_L1)
        return (std::uint32_t)noc_addr;
    else
        return noc_addr;
}
} // namespace tf_ttm

namespace tf_ttm
{
// An object that addresses page page_id (+ offset_bytes) itself: its
// get_noc_addr(page, offset, noc).
template <typename A> struct page_traits {
    using src_args_type = page_args;
    using dst_args_type = page_args;
    template <Noc::AddressType T>
    static FORCE_INLINE auto src_addr(const A &t, const Noc &noc, const src_args_type &a)
    {
        return page_at<T>(t.get_noc_addr(a.page_id, a.offset_bytes, noc.get_noc_id()));
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr(const A &t, const Noc &noc, const dst_args_type &a)
    {
        return page_at<T>(t.get_noc_addr(a.page_id, a.offset_bytes, noc.get_noc_id()));
    }
};
} // namespace tf_ttm

template <typename Args>
struct noc_traits_t<TensorAccessor<Args>> : tf_ttm::page_traits<TensorAccessor<Args>> {
};
template <typename A> struct noc_traits_t<PageView<A>> : tf_ttm::page_traits<PageView<A>> {
};
template <>
struct noc_traits_t<AbstractTensorAccessorWrapper>
    : tf_ttm::page_traits<AbstractTensorAccessorWrapper> {
};
template <> struct noc_traits_t<tensor_accessor::Page> {
    using src_args_type = tf_ttm::page_offset_args;
    using dst_args_type = tf_ttm::page_offset_args;
    template <Noc::AddressType T>
    static FORCE_INLINE auto src_addr(const tensor_accessor::Page &p, const Noc &,
                                      const src_args_type &a)
    {
        return tf_ttm::page_at<T>(p.noc_addr() + a.offset_bytes);
    }
    template <Noc::AddressType T>
    static FORCE_INLINE auto dst_addr(const tensor_accessor::Page &p, const Noc &,
                                      const dst_args_type &a)
    {
        return tf_ttm::page_at<T>(p.noc_addr() + a.offset_bytes);
    }
};

#endif
