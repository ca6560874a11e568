// sweetalert2 types only its default entry; this is the same API as an ES module without the
// bundled stylesheet injection.
declare module 'sweetalert2/dist/sweetalert2.esm.js' {
  import Swal from 'sweetalert2';
  export default Swal;
}
